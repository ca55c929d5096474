import validator from 'validator';
import { appError, type ErrorCode, validationError } from '../../errors.js';
import { DEFAULT_SETTINGS } from '../../storage/seed.js';
import { type Labs, MODERATION_MODES, type ModerationMode, type SettingsRow } from '../../storage/types.js';
import { parseEmbedOrigins } from './embed-origins.js';
import { parseLocale, parseSiteTexts } from './site-language.js';
import { type Body, codePointLength, hasLoneSurrogate, optionalString, rejectLoneSurrogates, rejectNul } from './fields.js';

/** Longest title, description, Google Analytics id, logo and icon URL (API.md §1.12). */
const MAX_SETTING_LENGTH = 255;

/** `abc`, `#abc`, `aabbcc`, `#aabbcc` in any case; the digits are the first group. */
const ACCENT_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Longest single sign-on login URL, in characters: room for a product's own query. */
const MAX_SSO_LOGIN_URL_LENGTH = 2000;

/** Exactly the check API.md §4.10.2 names: an absolute http or https URL. */
const IMAGE_URL_OPTIONS = { require_protocol: true, protocols: ['http', 'https'] };

const IMAGE_URL_CODES = {
  logo: { invalid: 'INVALID_LOGO_URL', tooLong: 'LOGO_URL_TOO_LONG' },
  icon: { invalid: 'INVALID_ICON_URL', tooLong: 'ICON_URL_TOO_LONG' },
} as const satisfies Record<string, { invalid: ErrorCode; tooLong: ErrorCode }>;

/** The settings `PATCH /settings/site` writes; omitted fields are left out. `labs` has its own route. */
export type SettingsChanges = Partial<Omit<SettingsRow, 'labs'>>;

/**
 * API.md §4.10.2 rows 2–16, in that order, then feedbackd's `gravatar`, `ssoLoginUrl`, `embedOrigins`, `moderation`,
 * `requireFormToken`, `locale` and `texts` (issue 33): only sent
 * fields are checked; null is refused by non-nullable fields (`embedOrigins` reads it as none).
 */
export function parseSettingsChanges(body: Body): SettingsChanges {
  const changes: SettingsChanges = {};
  if (body.title !== undefined) changes.title = parseTitle(body.title);
  if (body.description !== undefined) changes.description = parseOptionalText(body.description, 'description');
  if (body.logo !== undefined) changes.logo = parseImageUrl(body.logo, 'logo');
  if (body.icon !== undefined) changes.icon = parseImageUrl(body.icon, 'icon');
  // A client that only knows about the logo still gets a matching icon (LogChimp's behaviour).
  else if (changes.logo !== undefined) changes.icon = changes.logo;
  if (body.accentColor !== undefined) changes.accentColor = parseAccentColor(body.accentColor);
  if (body.googleAnalyticsId !== undefined) {
    changes.googleAnalyticsId = parseOptionalText(body.googleAnalyticsId, 'googleAnalyticsId');
  }
  if (body.isPoweredBy !== undefined) changes.isPoweredBy = parseBoolean(body.isPoweredBy, 'isPoweredBy');
  if (body.allowSignup !== undefined) changes.allowSignup = parseBoolean(body.allowSignup, 'allowSignup');
  if (body.developer_mode !== undefined) changes.developerMode = parseBoolean(body.developer_mode, 'developer_mode');
  if (body.gravatar !== undefined) changes.gravatar = parseBoolean(body.gravatar, 'gravatar');
  if (body.ssoLoginUrl !== undefined) changes.ssoLoginUrl = parseSsoLoginUrl(body.ssoLoginUrl);
  if (body.embedOrigins !== undefined) changes.embedOrigins = parseEmbedOrigins(body.embedOrigins);
  if (body.moderation !== undefined) changes.moderation = parseModeration(body.moderation);
  if (body.requireFormToken !== undefined) changes.requireFormToken = parseBoolean(body.requireFormToken, 'requireFormToken');
  if (body.locale !== undefined) changes.locale = parseLocale(body.locale);
  // Replaces every stored override: a language left out of `texts` loses its words.
  if (body.texts !== undefined) changes.texts = parseSiteTexts(body.texts);
  return changes;
}

/** API.md §4.10.4 rows 2–3: the lab flags that were sent; other keys are ignored. */
export function parseLabsChanges(body: Body): Partial<Labs> {
  const changes: Partial<Labs> = {};
  if (body.comments !== undefined) changes.comments = parseBoolean(body.comments, 'comments');
  if (body.voteOnBehalf !== undefined) changes.voteOnBehalf = parseBoolean(body.voteOnBehalf, 'voteOnBehalf');
  return changes;
}

function parseTitle(value: unknown): string {
  const raw = requiredString(value, 'title');
  rejectLoneSurrogates('title', raw);
  const title = raw.trim();
  if (title === '') throw validationError('title', 'must not be blank');
  if (codePointLength(title) > MAX_SETTING_LENGTH) throw appError('SITE_TITLE_TOO_LONG');
  return title;
}

/** Trimmed text where blank and null both clear the value. */
function parseOptionalText(value: unknown, path: string): string | null {
  const text = optionalString(value, path)?.trim();
  if (!text) return null;
  if (codePointLength(text) > MAX_SETTING_LENGTH) throw validationError(path, `must be at most ${MAX_SETTING_LENGTH} characters`);
  return text;
}

/** `""` and null clear the image; anything else is trimmed and must be an http(s) URL of at most 255 characters. */
function parseImageUrl(value: unknown, path: keyof typeof IMAGE_URL_CODES): string | null {
  if (value === null || value === '') return null;
  const url = requiredString(value, path).trim();
  const codes = IMAGE_URL_CODES[path];
  // isURL accepts a lone surrogate in the host or path; it is no URL character.
  if (hasLoneSurrogate(url) || !validator.isURL(url, IMAGE_URL_OPTIONS)) throw appError(codes.invalid);
  if (codePointLength(url) > MAX_SETTING_LENGTH) throw appError(codes.tooLong);
  return url;
}

/** `""` and null clear it; else trimmed, an absolute http(s) URL (the product's sign-in page). */
function parseSsoLoginUrl(value: unknown): string | null {
  if (value === null || value === '') return null;
  const url = requiredString(value, 'ssoLoginUrl').trim();
  const valid = !hasLoneSurrogate(url) && validator.isURL(url, { ...IMAGE_URL_OPTIONS, require_tld: false });
  if (!valid || codePointLength(url) > MAX_SSO_LOGIN_URL_LENGTH) {
    throw validationError('ssoLoginUrl', `must be an absolute http or https URL of at most ${MAX_SSO_LOGIN_URL_LENGTH} characters, or null`);
  }
  return url;
}

/** Issue 31 §2: whose posts and comments wait for approval. */
function parseModeration(value: unknown): ModerationMode {
  if (typeof value !== 'string' || !(MODERATION_MODES as readonly string[]).includes(value)) {
    throw validationError('moderation', `must be one of ${MODERATION_MODES.map((mode) => `"${mode}"`).join(', ')}`);
  }
  return value as ModerationMode;
}

/** One of the four accepted forms → 6 lower-case digits (3-digit form doubled); `""` and null restore the default. */
function parseAccentColor(value: unknown): string {
  if (value === null || value === '') return DEFAULT_SETTINGS.accentColor;
  const digits = ACCENT_COLOR.exec(requiredString(value, 'accentColor'))?.[1]?.toLowerCase();
  if (digits === undefined) throw appError('INVALID_ACCENT_COLOR');
  return digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
}

/** A string, NUL-free; anything else (null included) → `<path> must be a string`. */
function requiredString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw validationError(path, 'must be a string');
  rejectNul(path, value);
  return value;
}

/** A JSON boolean; `"true"`, `1` and null are type errors (API.md §1.7). */
function parseBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw validationError(path, 'must be a boolean');
  return value;
}
