import { AppError } from '../../errors.js';

/** `host:port/database` of a PostgreSQL URL: what an operator needs to find it, never the credentials. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default database)';
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}/${database}`;
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * The error for a database that cannot be opened (unreachable, refused login, missing database):
 * one line naming the server and the driver's reason, with the password left out. Errors that
 * already speak to the operator (AppError, such as a database migrated by a newer feedbackd) pass.
 */
export function openFailure(error: unknown, url: string): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  return new AppError('DATABASE_UNAVAILABLE', `Cannot open the PostgreSQL database ${describeDatabase(url)}: ${error.message}`, 500);
}

/**
 * The URL with its password left out (from the user part and from a `password` parameter), for
 * output an operator copies, such as the serve command to run next; the URL unchanged when it
 * holds no password, and `host:port/database` when it cannot be parsed.
 */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '' && !parsed.searchParams.has('password')) return url;
    parsed.password = '';
    // Only rewritten when needed: re-encoding changes how the other parameters are spelled.
    if (parsed.searchParams.has('password')) parsed.searchParams.delete('password');
    return parsed.toString();
  } catch {
    return describeDatabase(url);
  }
}
