import { AppError } from '../../errors.js';
import { WebhookTargetRefused } from './target-guard.js';

/** Socket and resolver error codes, as the owner reads them in the delivery list. */
const NETWORK_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the receiver',
  EPIPE: 'connection closed by the receiver while the event was sent',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EAI_AGAIN: 'temporary DNS failure (EAI_AGAIN)',
};

/** Certificate problems: the receiver's TLS set-up needs fixing, not the network. */
const CERTIFICATE_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

interface SystemError {
  code?: unknown;
  hostname?: unknown;
  message?: unknown;
}

/** Why a delivery failed before an answer, in words (the guard's and the URL check's own texts as they are). */
export function failureText(error: unknown): string {
  if (error instanceof WebhookTargetRefused || error instanceof AppError) return error.message;
  const { code, hostname, message } = (error ?? {}) as SystemError;
  const text = typeof message === 'string' && message !== '' ? message : String(error);
  if (typeof code !== 'string') return text;
  if (code === 'ENOTFOUND') return `host not found (${typeof hostname === 'string' ? hostname : 'no DNS answer'})`;
  const known = NETWORK_FAILURES[code];
  if (known) return known;
  if (CERTIFICATE_CODES.has(code)) return `TLS certificate not accepted (${code}): ${text}`;
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) return `TLS handshake failed (${code}): ${text}`;
  if (code.startsWith('HPE_')) return `the answer is not valid HTTP (${code})`;
  return `${text} (${code})`;
}

/** What an answer outside 2xx means for the owner; a redirect names its target, which is never requested. */
export function statusText(status: number, location: string | undefined): string {
  if (status >= 300 && status < 400) return `redirect not followed (${status}${location ? ` to ${excerptOf(location)}` : ''})`;
  return `answered ${status}`;
}

/** A header value shortened for a log line. */
function excerptOf(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
