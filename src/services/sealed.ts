import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Small values the browser carries for the server between two requests (the OpenID Connect
 * login's state, its outcome): AES-256-GCM under a key derived from the install's secret, so the
 * browser can neither read nor alter them, and any server sharing the secret can open them —
 * after a restart, or on another server of the same PostgreSQL database.
 */

export interface Sealer {
  /** `value` sealed for `purpose` until `ttlSeconds` from now, as base64url. */
  seal(purpose: string, value: unknown, ttlSeconds: number): string;
  /** The value sealed for this same purpose, or null: altered, expired, for another purpose. */
  unseal(purpose: string, sealed: string): unknown;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSealer(secret: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), 'feedbackd sealed browser values', 32));
  return {
    seal(purpose, value, ttlSeconds) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(purpose, 'utf8'));
      const plain = JSON.stringify({
        v: value,
        exp: Date.now() + ttlSeconds * 1000,
      });
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    unseal(purpose, sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
        const opened = JSON.parse(plain) as { v: unknown; exp: number };
        return opened.exp > Date.now() ? opened.v : null;
      } catch {
        return null;
      }
    },
  };
}
