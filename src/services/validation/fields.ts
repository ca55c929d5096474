import { appError, type ErrorCode, validationError } from '../../errors.js';

/** A parsed JSON request body (always an object by the time services see it). */
export type Body = Readonly<Record<string, unknown>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^[0-9]+$/;

/** Length in Unicode code points, the unit of every text limit (API.md §1.7). */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** A canonical UUID in any hex case. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The first rule of every string field (API.md §1.15.7): PostgreSQL text cannot hold NUL. */
export function rejectNul(path: string, value: string): void {
  if (value.includes('\u0000')) throw validationError(path, 'must not contain NUL characters');
}

// With the `u` flag a well-formed pair is one code point (never Cs), so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A UTF-16 surrogate without its other half (JSON can spell one: `"\ud800"`) is no character: it
 * has no UTF-8 form, so PostgreSQL would store U+FFFD where the JSON file keeps it, and some
 * libraries (validator's isEmail, through encodeURI) throw on it.
 */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * The second rule of every text field, right after NUL: `<path> must not contain lone surrogates`.
 * Fields with a format of their own (email, UUID, colour, URL…) refuse one by that format's code.
 */
export function rejectLoneSurrogates(path: string, value: string): void {
  if (hasLoneSurrogate(value)) throw validationError(path, 'must not contain lone surrogates');
}

/** A string or nothing: `undefined` for absent or null; other types → `<path> must be a string`; NUL and lone surrogates refused. */
export function optionalString(value: unknown, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationError(path, 'must be a string');
  rejectNul(path, value);
  rejectLoneSurrogates(path, value);
  return value;
}

/** Required trimmed text with a dedicated missing code and a maximum length in code points. */
export function requiredText(
  value: unknown,
  path: string,
  limits: { missing: ErrorCode; tooLong: ErrorCode; max: number },
): string {
  const text = optionalString(value, path)?.trim();
  if (!text) throw appError(limits.missing);
  if (codePointLength(text) > limits.max) throw appError(limits.tooLong);
  return text;
}

/** An optional UUID field: absent, null and `""` give null; anything else must be a UUID. */
export function optionalUuid(value: unknown, path: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') rejectNul(path, value);
  if (!isUuid(value)) throw validationError(path, 'must be a UUID');
  return value.toLowerCase();
}

/** A lookup key: a UUID string, lower-cased, or undefined for anything else (API.md §1.4). */
export function lookupKey(value: unknown): string | undefined {
  return isUuid(value) ? value.toLowerCase() : undefined;
}

/** A filter value: null and `""` count as absent (API.md §1.7). */
export function isAbsentFilter(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** An integer given as a JSON number or a digit string, within [min, max]; `fallback` when absent. */
export function integerInRange(value: unknown, path: string, min: number, max: number, fallback: number): number {
  if (isAbsentFilter(value)) return fallback;
  if (typeof value === 'string') rejectNul(path, value);
  const number = typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw validationError(path, `must be an integer between ${min} and ${max}`);
  }
  return number;
}

/** One of the allowed lower-case values, matched case-insensitively; `fallback` when absent. */
export function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[], fallback: T): T {
  if (isAbsentFilter(value)) return fallback;
  if (typeof value === 'string') rejectNul(path, value);
  const lower = typeof value === 'string' ? value.toLowerCase() : undefined;
  const match = allowed.find((candidate) => candidate === lower);
  if (!match) throw validationError(path, `must be one of: ${allowed.join(', ')}`);
  return match;
}

/** An optional array of UUIDs (lower-cased), at most `max` items; undefined when absent. */
export function optionalUuidArray(value: unknown, path: string, max: number): string[] | undefined {
  if (isAbsentFilter(value)) return undefined;
  if (!Array.isArray(value)) throw validationError(path, 'must be an array');
  const ids = value.map((item, index) => {
    const itemPath = `${path}.${index}`;
    if (typeof item === 'string') rejectNul(itemPath, item);
    if (!isUuid(item)) throw validationError(itemPath, 'must be a UUID');
    return item.toLowerCase();
  });
  if (ids.length > max) throw validationError(path, `must contain at most ${max} items`);
  return ids;
}
