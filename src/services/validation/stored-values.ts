import { isDeepStrictEqual } from 'node:util';
import { AppError } from '../../errors.js';
import { hasLoneSurrogate } from './fields.js';

/*
 * Rules for values read back from files (backups, exports) rather than sent to the API. Each rule
 * answers why a value breaks it, worded to follow "field <name>: ", or null when the value keeps it.
 * Wherever the API has a parser, the rule is that parser: a value keeps it when the API accepts it
 * and would store it unchanged, so the files can never hold what the API would have refused.
 */

/** Why a value breaks the rule, or null when it keeps it. */
export type ValueRule = (value: unknown) => string | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A longer value is cut when a problem shows it. */
const SHOWN_CHARACTERS = 40;

/**
 * Why a string, or any string inside a list or object, cannot be stored by both engines: NUL
 * (API.md §1.15.7) or a lone surrogate (not valid UTF-8, so neither PostgreSQL nor a UTF-8 file holds it).
 */
export function unstorableText(value: unknown): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'must not contain NUL characters';
    if (hasLoneSurrogate(value)) return 'must not contain lone surrogates (half of a UTF-16 pair: not valid Unicode)';
    return null;
  }
  const items = Array.isArray(value) ? value : isObject(value) ? [...Object.keys(value), ...Object.values(value)] : [];
  for (const item of items) {
    const problem = unstorableText(item);
    if (problem) return problem;
  }
  return null;
}

/** A JSON object (not null, not a list). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as a problem shows it: JSON, cut to a few dozen characters. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text;
}

/**
 * The API's own rule: `parse` is the API's parser of the field. A value the parser refuses breaks
 * the rule with the parser's message; one it would store differently is not in stored form.
 * `compare` maps both sides first (email: stored and compared lower-cased, so any case is kept).
 */
export function apiRule<T>(parse: (value: unknown) => T, compare: (value: unknown) => unknown = (value) => value): ValueRule {
  return (value) => {
    let stored: T;
    try {
      stored = parse(value);
    } catch (error) {
      if (error instanceof AppError) return `breaks the API's rule (${ruleText(error)})`;
      throw error;
    }
    if (isDeepStrictEqual(compare(stored), compare(value))) return null;
    return `is not what the API stores: it would store ${shown(stored)}`;
  };
}

/**
 * An AppError's message without a VALIDATION_ERROR's leading path (the problem names the field
 * already); a path into a list (`embedOrigins[1]`) stays, as it names the item too.
 */
function ruleText(error: AppError): string {
  const path = error.errors?.[0]?.path;
  const fieldOnly = path !== undefined && !path.includes('[');
  return fieldOnly && error.message.startsWith(`${path} `) ? error.message.slice(path.length + 1) : error.message;
}

/** The first problem of several rules. */
export function allOf(...rules: ValueRule[]): ValueRule {
  return (value) => {
    for (const rule of rules) {
      const problem = rule(value);
      if (problem) return problem;
    }
    return null;
  };
}

/** null, or a value keeping `rule`. */
export function orNull(rule: ValueRule): ValueRule {
  return (value) => (value === null ? null : rule(value));
}

/** A string matching `pattern`, described by `text` ("a lower-case UUID"). */
export function matching(pattern: RegExp, text: string): ValueRule {
  return (value) => (typeof value === 'string' && pattern.test(value) ? null : `must be ${text}`);
}

/** A lower-case canonical UUID (API.md §1.7). */
export const uuid: ValueRule = matching(UUID, 'a lower-case UUID');

/** An ISO 8601 UTC time with milliseconds and `Z`, of a real day (API.md §1.7). */
export const time: ValueRule = (value) => {
  const date = typeof value === 'string' && TIME.test(value) ? new Date(value) : undefined;
  if (date && !Number.isNaN(date.getTime()) && date.toISOString() === value) return null;
  return 'must be an ISO 8601 time like 2024-01-31T12:00:00.000Z';
};

/** A JSON boolean. */
export const bool: ValueRule = (value) => (typeof value === 'boolean' ? null : 'must be true or false');

/** Any string that both engines can store. */
export const text: ValueRule = (value) => (typeof value === 'string' ? null : 'must be a string');

/** An integer in [min, max]. */
export function integerIn(min: number, max: number): ValueRule {
  return (value) => {
    if (Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max) return null;
    return `must be an integer ${min}..${max}`;
  };
}

/** One of the listed strings. */
export function oneOf(allowed: readonly string[]): ValueRule {
  return (value) => (typeof value === 'string' && allowed.includes(value) ? null : `must be one of: ${allowed.join(', ')}`);
}

/** Not one of the values `set` reserves; `why` says what they are. */
export function notIn(set: ReadonlySet<string>, why: string): ValueRule {
  return (value) => (typeof value === 'string' && set.has(value) ? `${shown(value)} is reserved: ${why}` : null);
}
