import type { AppError } from '../errors.js';

/**
 * The CLI's own words where the API's message (API.md, unchanged) serves a person at a terminal
 * badly: people count a password in characters (the byte limit stays the rule; for plain letters
 * and digits the two counts are the same), and a refused colour is typed again only once its
 * accepted forms are known.
 */
const CLI_WORDS: Readonly<Record<string, string>> = {
  INVALID_ACCENT_COLOR: 'Invalid accent color: give 3 or 6 hex digits, with or without # (abc, #abc, aabbcc or #aabbcc; quote a # for the shell)',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters long',
  PASSWORD_TOO_LONG: 'Password must be at most 72 characters long (fewer when it has accented letters, symbols or emoji)',
};

/** The message the CLI prints for an error of the services or the API. */
export function cliMessage(error: AppError): string {
  return CLI_WORDS[error.code] ?? error.message;
}
