import { appError, type ErrorCode, validationError } from '../../errors.js';
import { dashed } from '../text.js';
import { codePointLength, rejectLoneSurrogates, rejectNul } from './fields.js';

/** Longest board or roadmap url, counted after normalising (API.md §1.12). */
export const MAX_URL_LENGTH = 50;

const HEX_COLOR = /^[0-9a-f]{6}$/i;

/** The `X` of every catalogue code `X_<suffix>` (e.g. `BOARD` for `BOARD_URL_MISSING`). */
type PrefixOf<Code, Suffix extends string> = Code extends `${infer Prefix}_${Suffix}` ? Prefix : never;

/** A resource whose catalogue has both colour codes: `BOARD`, `ROADMAP`. */
export type ColorCodePrefix = PrefixOf<ErrorCode, 'COLOR_HEX_LENGTH'> & PrefixOf<ErrorCode, 'COLOR_HEX_CHAR'>;

/** A resource whose catalogue has both url codes: `BOARD`, `ROADMAP`. */
export type UrlCodePrefix = PrefixOf<ErrorCode, 'URL_MISSING'> & PrefixOf<ErrorCode, 'URL_TOO_LONG'>;

/**
 * Hex colour rule (API.md §1.8) for a value that was sent: a string (else VALIDATION_ERROR, null
 * included) of exactly 6 characters (`<prefix>_COLOR_HEX_LENGTH`), all hex digits
 * (`<prefix>_COLOR_HEX_CHAR`). Returned lower-case. Callers decide what an omitted value means.
 */
export function parseHexColor(value: unknown, path: string, prefix: ColorCodePrefix): string {
  if (typeof value !== 'string') throw validationError(path, 'must be a string');
  rejectNul(path, value);
  if (codePointLength(value) !== 6) throw appError(`${prefix}_COLOR_HEX_LENGTH`);
  if (!HEX_COLOR.test(value)) throw appError(`${prefix}_COLOR_HEX_CHAR`);
  return value.toLowerCase();
}

/**
 * URL slug rule (API.md §1.8): absent or null → `<prefix>_URL_MISSING`; not a string, NUL or a
 * lone surrogate → VALIDATION_ERROR; transliterated, lower-cased, dash-joined; empty → `<prefix>_URL_MISSING`;
 * longer than 50 → `<prefix>_URL_TOO_LONG`. Callers that treat an omitted url as "use a default"
 * check for that first.
 */
export function parseUrlSlug(value: unknown, path: string, prefix: UrlCodePrefix): string {
  if (value === undefined || value === null) throw appError(`${prefix}_URL_MISSING`);
  if (typeof value !== 'string') throw validationError(path, 'must be a string');
  rejectNul(path, value);
  rejectLoneSurrogates(path, value);
  const url = urlSlug(value);
  if (url === '') throw appError(`${prefix}_URL_MISSING`);
  if (url.length > MAX_URL_LENGTH) throw appError(`${prefix}_URL_TOO_LONG`);
  return url;
}

/** The URL slug of a text, no limit checked: transliterated ASCII letters and digits, lower-case, joined by single dashes. */
export function urlSlug(text: string): string {
  return dashed(text);
}

/** A JSON boolean, else `<path> must be a boolean` (null included: API.md §1.15.6). */
export function parseBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw validationError(path, 'must be a boolean');
  return value;
}
