import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { UserRow } from '../storage/types.js';
import { isUuid } from './validation/fields.js';

/** The claims of an access token (API.md §2.1). */
export interface AccessClaims {
  userId: string;
  email: string;
  type: 'access';
  ver: number;
  iat: number;
  exp: number;
}

/** Signs and checks access tokens with the install's secret. */
export interface TokenSigner {
  sign(user: Pick<UserRow, 'id' | 'email' | 'tokenVersion'>): string;
  /** The claims of a valid access token, or null for anything else (bad signature, expired, wrong type…). */
  verify(token: string): AccessClaims | null;
}

/** HS256 signer; the key object is made once because a plain string secret costs ~50x per call. */
export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  const key: KeyObject = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    sign(user) {
      const claims = { userId: user.id, email: user.email, type: 'access', ver: user.tokenVersion };
      return jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: ttlSeconds });
    },
    verify(token) {
      try {
        const claims = jwt.verify(token, key, { algorithms: ['HS256'] });
        return isAccessClaims(claims) ? claims : null;
      } catch {
        return null;
      }
    },
  };
}

function isAccessClaims(claims: unknown): claims is AccessClaims {
  if (typeof claims !== 'object' || claims === null) return false;
  const c = claims as Record<string, unknown>;
  return c.type === 'access' && isUuid(c.userId) && Number.isInteger(c.ver) && typeof c.exp === 'number';
}
