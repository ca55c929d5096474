import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { UserRow } from '../storage/types.js';
import { createSealer, type Sealer } from './sealed.js';
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

/** Signs and checks access tokens with the install's secret, and seals what the browser carries for the server. */
export interface TokenSigner extends Sealer {
  sign(user: Pick<UserRow, 'id' | 'email' | 'tokenVersion'>): string;
  /** The claims of a valid access token, or null for anything else (bad signature, expired, wrong type…). */
  verify(token: string): AccessClaims | null;
}

const VERIFIED_CACHE_SIZE = 1_000;

/** HS256 signer; the key object is made once because a plain string secret costs ~50x per call. */
export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  const key: KeyObject = createSecretKey(Buffer.from(secret, 'utf8'));
  const verify = (token: string): AccessClaims | null => {
    try {
      const claims = jwt.verify(token, key, { algorithms: ['HS256'] });
      return isAccessClaims(claims) ? claims : null;
    } catch {
      return null;
    }
  };
  // A signature check costs ~40 µs, a large share of a cheap request; a token's signature and
  // claims never change, so only the time-dependent checks are repeated for a remembered token.
  const verified = new Map<string, AccessClaims>();
  return {
    ...createSealer(secret),
    sign(user) {
      const claims = { userId: user.id, email: user.email, type: 'access', ver: user.tokenVersion };
      return jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: ttlSeconds });
    },
    verify(token) {
      const remembered = verified.get(token);
      if (remembered) return isCurrent(remembered) ? remembered : null;
      const claims = verify(token);
      if (!claims) return null;
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, Object.freeze(claims));
      return claims;
    },
  };
}

function isCurrent(claims: AccessClaims & { nbf?: number }): boolean {
  const now = Math.floor(Date.now() / 1000);
  return claims.exp > now && (claims.nbf === undefined || claims.nbf <= now);
}

function isAccessClaims(claims: unknown): claims is AccessClaims {
  if (typeof claims !== 'object' || claims === null) return false;
  const c = claims as Record<string, unknown>;
  return c.type === 'access' && isUuid(c.userId) && Number.isInteger(c.ver) && typeof c.exp === 'number';
}
