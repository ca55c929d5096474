import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A new endpoint secret: `whsec_` and 32 random bytes in base64url. The API shows it once, at
 * creation; it is kept in clear afterwards because signing needs it (a hash would not do).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `X-Feedbackd-Signature` value: `sha256=` and the hex HMAC-SHA256, keyed with the whole secret
 * string, of `<timestamp>.<body>`. The timestamp is signed too, so a captured delivery cannot be
 * replayed later with a fresh `X-Feedbackd-Timestamp`.
 */
export function signWebhook(secret: string, timestampSeconds: number, body: string): string {
  if (!secret) throw new Error('a webhook secret cannot be empty');
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new Error(`a webhook timestamp is whole seconds since the epoch, not ${timestampSeconds}`);
  }
  return `sha256=${hmacHex(secret, String(timestampSeconds), body)}`;
}

/** The two headers a receiver reads; anything but a string (absent, repeated) fails verification. */
export interface WebhookSignatureHeaders {
  timestamp: unknown;
  signature: unknown;
}

export interface VerifyWebhookOptions {
  /** How far the timestamp may be from now, either way (clock skew, queueing). */
  toleranceSeconds?: number;
  nowSeconds?: number;
}

/**
 * Whether a delivery comes from the holder of `secret` and is fresh: the timestamp is within the
 * tolerance of now and the signature covers this timestamp and this exact body. Comparison is in
 * constant time (lengths first, since `timingSafeEqual` throws on unequal lengths; they are public).
 *
 * This is the reference a receiver copies. For a Node receiver, with the raw request body (a string
 * or a Buffer, before any JSON parsing) and Node's lower-cased `req.headers`:
 *
 * ```js
 * import { createHmac, timingSafeEqual } from 'node:crypto';
 *
 * function verifyFeedbackdSignature(secret, headers, rawBody) {
 *   const timestamp = headers['x-feedbackd-timestamp'];
 *   const signature = headers['x-feedbackd-signature'];
 *   if (!secret || typeof timestamp !== 'string' || typeof signature !== 'string') return false;
 *   if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
 *   const hmac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
 *   const expected = Buffer.from(`sha256=${hmac}`);
 *   const received = Buffer.from(signature);
 *   return expected.length === received.length && timingSafeEqual(expected, received);
 * }
 * ```
 */
export function verifyWebhook(
  secret: string,
  { timestamp, signature }: WebhookSignatureHeaders,
  body: string | Buffer,
  { toleranceSeconds = 300, nowSeconds = Date.now() / 1000 }: VerifyWebhookOptions = {},
): boolean {
  // An empty secret (a missing environment variable) would accept what anyone signs with "".
  if (!secret || typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(`sha256=${hmacHex(secret, timestamp, body)}`);
  const received = Buffer.from(signature);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

function hmacHex(secret: string, timestamp: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}
