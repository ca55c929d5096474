import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { SsoSecretRow } from '../../storage/types.js';
import { invalidToken } from './claims.js';

/** The product's clock and lifetime limits, from the config. */
export interface TokenLimits {
  maxLifetimeSeconds: number;
  clockSkewSeconds: number;
}

/** A token whose signature one secret made, with that secret and its payload. */
export interface VerifiedToken {
  secret: SsoSecretRow;
  payload: Record<string, unknown>;
}

/**
 * Checks a product's token (issue 28 §1): a JWT, HS256 and nothing else (`none`, RS256 with the
 * secret as a "public key" and the like are refused before any key is tried), signed by the
 * secret its `kid` names or, without one, by one of `secrets`; then `exp` and `iat`.
 */
export function verifySsoToken(token: string, secrets: readonly SsoSecretRow[], limits: TokenLimits, nowMs = Date.now()): VerifiedToken {
  const header = tokenHeader(token);
  if (header.alg !== 'HS256') throw invalidToken(`must be signed with HS256 (its alg is ${shownAlg(header.alg)})`);
  const candidates = header.kid === undefined ? secrets : secrets.filter((secret) => secret.id === header.kid?.toLowerCase());
  if (header.kid !== undefined && candidates.length === 0) throw invalidToken('names (kid) a secret that does not exist or was revoked');
  const verified = signedBy(token, candidates);
  if (!verified) throw invalidToken(header.kid === undefined ? 'is not signed by any active secret' : 'is not signed by the secret its kid names');
  checkTimes(verified.payload, limits, nowMs / 1000);
  return verified;
}

interface Header {
  alg?: unknown;
  kid?: string;
}

function tokenHeader(token: string): Header {
  const decoded = jwt.decode(token, { complete: true });
  if (!decoded || typeof decoded.payload !== 'object') throw invalidToken('is not a JWT with a JSON payload (header.payload.signature)');
  const { alg, kid } = decoded.header as { alg?: unknown; kid?: unknown };
  if (kid !== undefined && typeof kid !== 'string') throw invalidToken('has a kid header that is not text');
  return { alg, ...(kid === undefined ? {} : { kid }) };
}

/** The algorithm as the message shows it: a short name, never a long or odd value. */
function shownAlg(alg: unknown): string {
  return typeof alg === 'string' && /^[A-Za-z0-9]{1,10}$/.test(alg) ? alg : 'missing or not an algorithm name';
}

/** The first secret whose HMAC matches; times are checked afterwards, in words of our own. */
function signedBy(token: string, secrets: readonly SsoSecretRow[]): VerifiedToken | undefined {
  for (const secret of secrets) {
    try {
      const key = createSecretKey(Buffer.from(secret.secret, 'utf8'));
      const payload = jwt.verify(token, key, { algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true });
      if (typeof payload === 'object') return { secret, payload: payload as Record<string, unknown> };
    } catch {
      // Another secret may have signed it (rotation): a refusal is only given once all were tried.
    }
  }
  return undefined;
}

function checkTimes(payload: Record<string, unknown>, limits: TokenLimits, now: number): void {
  const { exp, iat, nbf } = payload;
  if (exp === undefined) throw invalidToken('has no exp claim: it must expire');
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw invalidToken('has an exp claim that is not a number of seconds');
  if (exp <= now - limits.clockSkewSeconds) throw invalidToken('has expired');
  if (exp > now + limits.maxLifetimeSeconds + limits.clockSkewSeconds) {
    throw invalidToken(`expires too far ahead: exp may be at most ${limits.maxLifetimeSeconds} seconds from now`);
  }
  if (iat !== undefined && (typeof iat !== 'number' || !Number.isFinite(iat))) throw invalidToken('has an iat claim that is not a number of seconds');
  if (typeof iat === 'number' && iat > now + limits.clockSkewSeconds) throw invalidToken('was issued in the future (iat): check the product’s clock');
  if (typeof nbf === 'number' && nbf > now + limits.clockSkewSeconds) throw invalidToken('is not valid yet (nbf)');
}
