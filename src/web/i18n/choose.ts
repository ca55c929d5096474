import { LOCALE_COOKIE, type Locale } from '../../i18n/locales.js';
import { base } from '../base.js';

/** A year: the choice outlives a browser session, as a visitor expects of a language menu. */
const REMEMBER_SECONDS = 365 * 24 * 3600;

/**
 * Remembers a visitor's language (null: their browser's again) and reloads the page, which the server
 * then serves in that language. The cookie is read by the server for the first paint, so it is not
 * HttpOnly-worthy: it holds a language tag, nothing else.
 */
export function switchLanguage(choice: Locale | null): void {
  const value = choice ? encodeURIComponent(choice) : '';
  const age = choice ? REMEMBER_SECONDS : 0;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is missing from Firefox and Safari
  document.cookie = `${LOCALE_COOKIE}=${value}; Path=${cookiePath()}; Max-Age=${age}; SameSite=Lax`;
  location.reload();
}

/** The site's own path (under a sub-path, only its pages get the cookie). */
function cookiePath(): string {
  // `/feedback`, not `/feedback/`: a cookie path with the slash would miss the page at `/feedback` itself.
  return base || '/';
}
