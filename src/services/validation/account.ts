import validator from 'validator';
import { appError, validationError } from '../../errors.js';
import type { Locale } from '../../i18n/locales.js';
import { codePointLength, hasLoneSurrogate, optionalString, rejectLoneSurrogates, rejectNul } from './fields.js';
import { parseLocale } from './site-language.js';

const MAX_EMAIL_LENGTH = 320;
const MIN_PASSWORD_BYTES = 8;
const MAX_PASSWORD_BYTES = 72;
const MAX_NAME_LENGTH = 64;
const MAX_SITE_TITLE_LENGTH = 255;

/** Email rule (API.md §1.8): trimmed, valid, ≤ 320 characters; returned lower-cased. */
export function parseEmail(value: unknown, path = 'email'): string {
  // NUL keeps its own rule (§1.15.7); a lone surrogate makes no address, so it is EMAIL_INVALID
  // (and must never reach isEmail, whose encodeURI throws on it).
  if (typeof value === 'string') {
    rejectNul(path, value);
    if (hasLoneSurrogate(value)) throw appError('EMAIL_INVALID');
  }
  const raw = optionalString(value, path);
  const email = raw?.trim() ?? '';
  if (!email || codePointLength(email) > MAX_EMAIL_LENGTH || !validator.isEmail(email)) {
    throw appError('EMAIL_INVALID');
  }
  return email.toLowerCase();
}

/** Password rule (API.md §1.8): not trimmed; 8..72 UTF-8 bytes. */
export function parsePassword(value: unknown, path = 'password'): string {
  if (value === undefined || value === null || value === '') throw appError('PASSWORD_MISSING');
  if (typeof value !== 'string') throw validationError(path, 'must be a string');
  rejectNul(path, value);
  // bcrypt would hash a lone surrogate as U+FFFD: `\ud800` and `\udfff` would be the same password.
  rejectLoneSurrogates(path, value);
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes < MIN_PASSWORD_BYTES) throw appError('PASSWORD_TOO_SHORT');
  if (bytes > MAX_PASSWORD_BYTES) throw appError('PASSWORD_TOO_LONG');
  return value;
}

/** Name rule (API.md §1.8): keep letters, marks, digits, space, `.`, `'`, `-`; ≤ 64 after cleaning. */
export function parsePersonName(value: unknown, path = 'name'): string {
  const raw = optionalString(value, path) ?? '';
  const name = raw
    .replace(/[^\p{L}\p{M}\p{Nd} .'-]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (codePointLength(name) > MAX_NAME_LENGTH) throw appError('NAME_TOO_LONG');
  return name;
}

/** Site title given at setup: trimmed; blank = not given (undefined); ≤ 255 characters. */
export function parseSiteTitle(value: unknown, path = 'siteTitle'): string | undefined {
  const title = optionalString(value, path)?.trim();
  if (!title) return undefined;
  if (codePointLength(title) > MAX_SITE_TITLE_LENGTH) throw appError('SITE_TITLE_TOO_LONG');
  return title;
}

/**
 * `locale` of `PATCH /auth/language` (feedbackd's extension, issue 33): one of the languages
 * feedbackd speaks, exactly as listed; null or "" clears the choice (stored as null); undefined when
 * omitted, leaving it as it was.
 */
export function parseProfileLocale(value: unknown, path = 'locale'): Locale | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return parseLocale(value, path);
}
