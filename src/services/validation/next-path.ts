import { validationError } from '../../errors.js';
import { optionalString } from './fields.js';

const MAX_NEXT_LENGTH = 2000;
const NOT_A_PATH = 'must be a path on this site, starting with a single /';

// Browsers drop tabs and newlines from URLs, so "/\t/host" would become "//host".
const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Where a mailed link leads after signing in: a path of this site or nothing (absent, null, "").
 * Anything a browser could read as another site ("//host", "/\host", a scheme, control
 * characters) is refused, so the site's own mail can never carry a visitor elsewhere.
 */
export function parseNextPath(value: unknown, path = 'next'): string | null {
  const next = optionalString(value, path);
  if (!next) return null;
  if ([...next].length > MAX_NEXT_LENGTH) throw validationError(path, `cannot exceed ${MAX_NEXT_LENGTH} characters`);
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\') || hasControlCharacter(next)) {
    throw validationError(path, NOT_A_PATH);
  }
  return next;
}
