// The web app's own words for the API's refusals (issue 33): the API's messages stay English (API.md),
// so the page shows `errors.<CODE>` in its language, and a general sentence for a code it has no words
// for — never a key name.
import { ApiError } from '../api/client.js';
import { type MessageKey, locale, t } from './t.js';

/** Codes whose API message is worded per request (a field, a provider's name): English pages keep those words. */
const WORDED_PER_REQUEST = new Set([
  'VALIDATION_ERROR',
  'MISSING_TOKEN',
  'INVALID_TOKEN',
  'SSO_TOKEN_INVALID',
  'OIDC_EMAIL_UNVERIFIED',
  'OIDC_DOMAIN_NOT_ALLOWED',
  'OIDC_SIGNUP_CLOSED',
  'OIDC_LOGIN_CANCELLED',
]);

/** The page's words for an API code, or '' when it has none (codes are upper case, so no other key answers). */
function wordsFor(code: string): string {
  return /^[A-Z][A-Z0-9_]*$/.test(code) ? t(`errors.${code}` as MessageKey) : '';
}

/** Whether the page has its own words for an error (the dashboard keeps the API's for the codes only it meets). */
export function knowsError(error: unknown): boolean {
  return !(error instanceof ApiError) || wordsFor(error.code) !== '';
}

/** The words for a failed request: its API code in the page's language, else "Something went wrong. Try again." */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (locale === 'en' && WORDED_PER_REQUEST.has(error.code) && error.message) return error.message;
  // The client's own code for a gateway's or proxy's answer without the API's body.
  if (error.code === 'SERVER_ERROR' && error.status >= 502 && error.status <= 504) return t('errors.serverNotAnswering');
  return wordsFor(error.code) || t('errors.generic');
}

/** With a rate limit's wait, when the API gave one: "… You can try again in 15 minutes." */
export function errorTextWithWait(error: unknown): string {
  const text = errorText(error);
  if (!(error instanceof ApiError) || error.status !== 429 || !error.retryAfter) return text;
  return `${text} ${t('errors.tryAgainIn', { wait: waitWords(error.retryAfter) })}`;
}

/** 45 → "45 seconds", 900 → "15 minutes", 7200 → "2 hours", in the page's language. */
export function waitWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const [unit, amount] = seconds < 90 ? ['second', seconds] : minutes < 90 ? ['minute', minutes] : ['hour', Math.ceil(minutes / 60)];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(amount as number);
}
