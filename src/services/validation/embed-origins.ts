import { validationError } from '../../errors.js';

/** Most origins the widget's panel may be framed by (site setting `embedOrigins`). */
export const MAX_EMBED_ORIGINS = 20;

/**
 * What an origin may look like in a Content-Security-Policy header. `new URL` keeps `;`, `,`, `'`
 * and `*` in host names, any of which could end a source or a directive, so an origin is only put
 * in the header when it matches this.
 */
const SAFE_ORIGIN = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The text a person types for an origin: a scheme, then a host and port with no path, query,
 * fragment, user info or wildcard (a backslash counts as a path: URL reads it as `/`), then at most
 * one `/`. Checked on the raw text because `new URL` quietly drops an empty `?` or `#`, and control
 * characters at either end.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it refuses.
const ORIGIN_TEXT = /^https?:\/\/[^/\\?#@*\s\x00-\x1f\x7f]+\/?$/i;

/** Longer than any real origin (a DNS name has at most 253 characters). */
const MAX_ORIGIN_LENGTH = 300;

/** Whether an origin can go into a Content-Security-Policy header as a source. */
export function isSafeOrigin(origin: string): boolean {
  return SAFE_ORIGIN.test(origin);
}

/**
 * `embedOrigins`: null or an array of at most 20 origins, each trimmed and stored as its
 * `URL.origin` (lower-case host, default port dropped); duplicates go, the order stays.
 */
export function parseEmbedOrigins(value: unknown): string[] {
  if (value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_EMBED_ORIGINS) {
    throw validationError('embedOrigins', `must be an array of at most ${MAX_EMBED_ORIGINS} origins`);
  }
  return [...new Set(value.map((item, index) => parseOrigin(item, index)))];
}

function parseOrigin(value: unknown, index: number): string {
  const origin = typeof value === 'string' ? originOf(value.trim()) : null;
  if (origin === null) {
    throw validationError(`embedOrigins[${index}]`, 'must be an origin such as https://app.example.com (scheme, host and port only)');
  }
  return origin;
}

/** The origin the text names, or null when it names more (or less) than an origin. */
function originOf(text: string): string | null {
  if (text.length > MAX_ORIGIN_LENGTH || !ORIGIN_TEXT.test(text) || !URL.canParse(text)) return null;
  const url = new URL(text);
  const onlyOrigin = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  return onlyOrigin && isSafeOrigin(url.origin) ? url.origin : null;
}
