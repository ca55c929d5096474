import { isLocale, type Locale, LOCALES } from '../../i18n/locales.js';
import { validationError } from '../../errors.js';
import { SITE_TEXT_KEYS, type SiteTextKey, type SiteTexts } from '../../storage/types.js';
import { codePointLength, rejectLoneSurrogates, rejectNul } from './fields.js';

/**
 * Longest override per text, in characters: the welcome is a short paragraph above the posts, the
 * hint one line under the title field.
 */
export const MAX_SITE_TEXT_LENGTH: Record<SiteTextKey, number> = { welcome: 500, newPostHint: 200 };

/** A language, the site's default or a person's: exactly one of LOCALES (`de`, not `de-DE` or `DE`). */
export function parseLocale(value: unknown, path = 'locale'): Locale {
  if (typeof value !== 'string') throw validationError(path, 'must be a string');
  if (!isLocale(value)) throw validationError(path, `must be one of: ${LOCALES.join(', ')}`);
  return value;
}

/**
 * The owner's words per language, replacing all stored ones: `{ de: { welcome: '…' } }`. null or `{}`
 * removes every override; a language given as null, or a text given as null or blank, has none.
 * Texts are trimmed. The result lists languages in LOCALES order and leaves out languages with no text.
 */
export function parseSiteTexts(value: unknown): SiteTexts {
  if (value === null) return {};
  if (!isPlainObject(value)) throw validationError('texts', 'must be an object keyed by language, such as {"de": {"welcome": "…"}}');
  for (const key of Object.keys(value)) {
    if (!isLocale(key)) throw validationError(`texts.${key}`, `is not a language: use one of ${LOCALES.join(', ')}`);
  }
  const texts: SiteTexts = {};
  for (const locale of LOCALES) {
    const words = parseLanguageTexts(value[locale], locale);
    if (words) texts[locale] = words;
  }
  return texts;
}

function parseLanguageTexts(value: unknown, locale: Locale): Partial<Record<SiteTextKey, string>> | null {
  if (value === undefined || value === null) return null;
  const path = `texts.${locale}`;
  if (!isPlainObject(value)) throw validationError(path, `must be an object with ${SITE_TEXT_KEYS.join(' and/or ')}`);
  for (const key of Object.keys(value)) {
    if (!(SITE_TEXT_KEYS as readonly string[]).includes(key)) {
      throw validationError(`${path}.${key}`, `is not one of the site's texts: use ${SITE_TEXT_KEYS.join(' or ')}`);
    }
  }
  const words: Partial<Record<SiteTextKey, string>> = {};
  for (const key of SITE_TEXT_KEYS) {
    const text = parseText(value[key], `${path}.${key}`, MAX_SITE_TEXT_LENGTH[key]);
    if (text) words[key] = text;
  }
  return Object.keys(words).length > 0 ? words : null;
}

/** Trimmed; null and blank mean "no override". */
function parseText(value: unknown, path: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw validationError(path, 'must be a string or null');
  rejectNul(path, value);
  rejectLoneSurrogates(path, value);
  const text = value.trim();
  if (codePointLength(text) > max) throw validationError(path, `must be at most ${max} characters`);
  return text === '' ? null : text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
