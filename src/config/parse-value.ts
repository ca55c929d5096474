import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import validator from 'validator';
import type { RateLimit } from './types.js';

/** A configuration value that breaks its rule; the loader adds the key and where it came from. */
export class SettingValueError extends Error {}

/** A parser from a raw value (a flag or env string, or any JSON value from config.json). */
export type ValueParser<T> = (raw: unknown) => T;

const DIGITS = /^[0-9]+$/;
const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

function fail(rule: string): never {
  throw new SettingValueError(rule);
}

function nonEmptyString(raw: unknown, rule: string): string {
  if (typeof raw !== 'string' || raw.trim() === '') fail(rule);
  return raw.trim();
}

/** An integer in [min, max], given as a JSON number or a string of digits. */
export function integer(min: number, max: number): ValueParser<number> {
  const rule = `must be an integer ${min}..${max}`;
  return (raw) => {
    const text = typeof raw === 'string' ? raw.trim() : undefined;
    const value = text !== undefined && DIGITS.test(text) ? Number(text) : raw;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) fail(rule);
    return value;
  };
}

/** true/false, also written as 1/0, yes/no or on/off in flags and environment variables. */
export const boolean: ValueParser<boolean> = (raw) => {
  if (typeof raw === 'boolean') return raw;
  const word = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return fail('must be true or false');
};

/** One of a fixed list of words, case-insensitive. */
export function oneOf(words: readonly string[]): ValueParser<string> {
  return (raw) => {
    const word = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    if (!words.includes(word)) fail(`must be one of: ${words.join(', ')}`);
    return word;
  };
}

/**
 * A directory path, resolved against the working directory. A leading `~` or `~/` is the home
 * directory, as a shell would have made it: typed at the wizard's prompt (or in `--data=~/board`,
 * which shells leave alone) it would otherwise make a directory named `~`.
 */
export const directory: ValueParser<string> = (raw) => {
  const path = nonEmptyString(raw, 'must be a directory path');
  if (path === '~') return homedir();
  return resolve(path.startsWith('~/') ? join(homedir(), path.slice(2)) : path);
};

/** A host name or IP address to listen on. */
export const host: ValueParser<string> = (raw) => {
  const rule = 'must be a host name or IP address, like 127.0.0.1, 0.0.0.0 or ::';
  const value = nonEmptyString(raw, rule);
  if (/\s/.test(value)) fail(rule);
  return value;
};

function parseUrl(raw: unknown, rule: string, protocols: readonly string[]): URL {
  const text = nonEmptyString(raw, rule);
  if (!URL.canParse(text)) fail(rule);
  const url = new URL(text);
  if (!protocols.includes(url.protocol) || url.hostname === '') fail(rule);
  return url;
}

/** The public base URL: http(s), no query or fragment; trailing slashes removed (links append paths). */
export const publicUrl: ValueParser<string> = (raw) => {
  const rule = 'must be an http:// or https:// URL without query or fragment, like https://feedback.example.org';
  const url = parseUrl(raw, rule, ['http:', 'https:']);
  if (url.search || url.hash || url.username || url.password) fail(rule);
  return url.href.replace(/\/+$/, '');
};

/** Wraps a parser so that null and "" mean "not configured". */
export function nullable<T>(parse: ValueParser<T>): ValueParser<T | null> {
  return (raw) => (raw === null || raw === '' ? null : parse(raw));
}

/** An SMTP server URL (API.md §6.1). */
export const smtpUrl: ValueParser<string> = (raw) => {
  const rule = 'must be an smtp:// or smtps:// URL, like smtps://user:password@mail.example.org:465';
  parseUrl(raw, rule, ['smtp:', 'smtps:']);
  return (raw as string).trim();
};

/** A database URL; only PostgreSQL is planned (the JSON file in the data dir is the default). */
export const databaseUrl: ValueParser<string> = (raw) => {
  const rule = 'must be a postgres:// URL (leave it unset to use the JSON file in the data directory)';
  parseUrl(raw, rule, ['postgres:', 'postgresql:']);
  return (raw as string).trim();
};

/** A bare address, or a display name and address like `"Acme" <noreply@example.org>` (API.md §1.15.9). */
export const mailFrom: ValueParser<string> = (raw) => {
  const rule = 'must be an email address, or a name and address like "Acme" <noreply@example.org>';
  const value = nonEmptyString(raw, rule);
  const address = value.includes('<') ? /<([^<>]+)>$/.exec(value)?.[1] : value;
  // A lone UTF-16 surrogate (from JSON or the environment) makes isEmail throw instead of answer.
  if (!address || /\p{Cs}/u.test(address) || !validator.isEmail(address)) fail(rule);
  return value;
};

function origin(text: string, rule: string): string {
  if (!URL.canParse(text)) fail(rule);
  const url = new URL(text);
  const hasOnlyOrigin = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  // Browsers send the bare origin, so "https://a.example/app" could never match: reject it.
  if (!['http:', 'https:'].includes(url.protocol) || !hasOnlyOrigin) fail(rule);
  return url.origin;
}

/** `*`, or origins separated by commas (a string) or listed in a JSON array. */
export const corsOrigins: ValueParser<'*' | string[]> = (raw) => {
  const rule = 'must be * or a comma-separated list of origins, like https://a.example,https://b.example';
  const items = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : fail(rule);
  const texts = items.map((item) => (typeof item === 'string' ? item.trim() : fail(rule))).filter(Boolean);
  if (texts.length === 1 && texts[0] === '*') return '*';
  if (texts.length === 0) fail(rule);
  return texts.map((text) => origin(text, rule));
};

const MIN_SECRET_LENGTH = 32;

/** FEEDBACKD_SECRET: long enough that tokens cannot be forged by guessing it. */
export const secret: ValueParser<string> = (raw) => {
  const rule = `must be at least ${MIN_SECRET_LENGTH} characters (for example the output of: openssl rand -base64 32)`;
  if (typeof raw !== 'string' || raw.length < MIN_SECRET_LENGTH) fail(rule);
  return raw;
};

// Each key keeps one timestamp per counted request, so the count bounds the limiter's memory.
const MAX_RATE_LIMIT = 1000;
const MAX_RATE_WINDOW_SECONDS = 86_400;
const RATE_LIMIT_TEXT = /^([0-9]+)\s*\/\s*([0-9]+)\s*([smh]?)$/i;
const SECONDS_PER_UNIT: Readonly<Record<string, number>> = { '': 1, s: 1, m: 60, h: 3600 };
const RATE_LIMIT_FIELDS = ['limit', 'windowSeconds'];

/**
 * A rate limit as `count/window`, the window in seconds or with a unit s, m or h (`10/15m`, `5/3600`);
 * config.json may also hold `{ "limit": 10, "windowSeconds": 900 }`.
 */
export const rateLimit: ValueParser<RateLimit> = (raw) => {
  const rule =
    `must be count/window like 10/15m or 5/3600 (count 1..${MAX_RATE_LIMIT}, window 1s..24h, unit s, m or h), ` +
    'or in config.json {"limit": 10, "windowSeconds": 900}';
  const value = typeof raw === 'string' ? rateLimitFromText(raw) : rateLimitFromObject(raw);
  if (!value || !isRateLimitInRange(value)) fail(rule);
  return value;
};

function rateLimitFromText(text: string): RateLimit | undefined {
  const match = RATE_LIMIT_TEXT.exec(text.trim());
  if (!match) return undefined;
  const [, count, window, unit] = match;
  return { limit: Number(count), windowSeconds: Number(window) * SECONDS_PER_UNIT[unit!.toLowerCase()]! };
}

function rateLimitFromObject(raw: unknown): RateLimit | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const fields = raw as Record<string, unknown>;
  // An unknown key is most likely a typo (`window`) that would silently keep the default.
  if (Object.keys(fields).some((key) => !RATE_LIMIT_FIELDS.includes(key))) return undefined;
  const { limit, windowSeconds } = fields;
  if (typeof limit !== 'number' || typeof windowSeconds !== 'number') return undefined;
  return { limit, windowSeconds };
}

function isRateLimitInRange({ limit, windowSeconds }: RateLimit): boolean {
  const isIn = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;
  return isIn(limit, MAX_RATE_LIMIT) && isIn(windowSeconds, MAX_RATE_WINDOW_SECONDS);
}
