import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { TestServer } from './server.js';

/*
 * A test "product" for single sign-on (issue 28): it signs tokens the way a team's own app would,
 * with jsonwebtoken and a secret the owner created, or crafts the hostile ones by hand.
 */

export interface ProductSecret {
  id: string;
  secret: string;
}

/** A new secret, created by the owner through the API. */
export async function createSecret(server: TestServer, ownerToken: string): Promise<ProductSecret> {
  const created = await server.request('POST', '/sso/secrets', { token: ownerToken });
  if (created.status !== 201) throw new Error(`creating a secret failed: ${created.text}`);
  return { id: created.body.secret.secretId, secret: created.body.secret.secret };
}

/** A token as a product signs it: HS256, 5 minutes, with `kid` unless told otherwise. */
export function productToken(secret: ProductSecret, claims: Record<string, unknown>, options: { kid?: boolean; expiresIn?: number } = {}): string {
  const { kid = true, expiresIn = 300 } = options;
  return jwt.sign(claims, secret.secret, { algorithm: 'HS256', ...('exp' in claims ? {} : { expiresIn }), ...(kid ? { keyid: secret.id } : {}) });
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token put together by hand: any header and payload, signed with HMAC-SHA256 of `key` (or unsigned). */
export function craftedToken(header: Record<string, unknown>, payload: Record<string, unknown>, key: string | null): string {
  const signed = `${part(header)}.${part(payload)}`;
  return `${signed}.${key === null ? '' : createHmac('sha256', key).update(signed).digest('base64url')}`;
}

/** Seconds since the epoch, now. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);
