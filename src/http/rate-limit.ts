import type { Context, Middleware } from 'koa';
import { AppError, appError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import { type RateLimitRule, rateLimiterFor } from '../services/rate-limits.js';
import { parseEmail } from '../services/validation/account.js';
import { clientAddress } from './client-address.js';

export type { RateLimitRule } from '../services/rate-limits.js';

type KeyKind = 'address' | 'email' | 'user';

/** A limited kind of route: one with a counter of its own, or another way to log in that counts on login's. */
export type LimitedRoute = RateLimitRule | 'magicLinkLogin' | 'sso' | 'oidc';

/** What API.md §1.14 says about one rule, beyond its limit and window (those come from the config). */
interface RulePolicy {
  /** The counters a request is checked and counted against; a refusal when any is at its limit. */
  keys: readonly KeyKind[];
  /** `every`: each request reaching the limiter counts. `failures`: every answer other than 200 counts. */
  counts: 'every' | 'failures';
  /** With `failures`: the kinds whose whole counter a 200 clears; the other kinds only drop the 200 itself. */
  clearOnSuccess: readonly KeyKind[];
  /** The status of a success, when not 200 (a provider's callback redirects). */
  successStatus?: number;
}

const POLICIES: Readonly<Record<LimitedRoute, RulePolicy>> = {
  // A 200 clears the email's counter but never the address's: one valid account must not let an address keep guessing.
  login: { keys: ['address', 'email'], counts: 'failures', clearOnSuccess: ['email'] },
  signup: { keys: ['address'], counts: 'every', clearOnSuccess: [] },
  passwordReset: { keys: ['address', 'email'], counts: 'every', clearOnSuccess: [] },
  magicLink: { keys: ['address', 'email'], counts: 'every', clearOnSuccess: [] },
  // A mailed link is a way to log in: its failures spend the address's login attempts (issue 28,
  // counterOf). No email key: the body has none, and one sent anyway must not clear that email's login counter.
  magicLinkLogin: { keys: ['address'], counts: 'failures', clearOnSuccess: [] },
  emailVerify: { keys: ['user'], counts: 'every', clearOnSuccess: [] },
  mailToken: { keys: ['address'], counts: 'failures', clearOnSuccess: [] },
  // Issue 31 §3: every image sent, per signed-in user (after requireAuth).
  upload: { keys: ['user'], counts: 'every', clearOnSuccess: [] },
  // Single sign-on spends login's attempts too, by address only (a token has no email to key on before it is checked).
  sso: { keys: ['address'], counts: 'failures', clearOnSuccess: [] },
  // A provider's callback, likewise: it succeeds with a redirect to the web app, and fails by throwing.
  oidc: { keys: ['address'], counts: 'failures', clearOnSuccess: [], successStatus: 302 },
};

interface RequestKey {
  kind: KeyKind;
  key: string;
}

/**
 * API.md §1.14 rate limit for one rule: place it after parseBody (and requireAuth for emailVerify),
 * before the handler, so earlier answers (413/415/400 body, 401) never count. Past the limit:
 * 429 RATE_LIMITED with Retry-After; a refused request does not count.
 *
 * With `failures` counting, the hit is counted before the handler runs and taken back on a 200:
 * parallel guesses therefore cannot slip past the limit while their answers are pending.
 */
export function rateLimit(services: ServiceContext, rule: LimitedRoute): Middleware {
  const policy = POLICIES[rule];
  const limiter = rateLimiterFor(services, counterOf(rule));
  return async (ctx, next) => {
    const keys = requestKeys(ctx, policy.keys, services.config.trustProxy);
    const attempt = limiter.attempt(keys.map(({ key }) => key));
    if (!attempt.allowed) refuse(ctx, attempt.retryAfterMs);
    await next();
    // A thrown error skips this: it is an answer other than 200, and it counts.
    if (policy.counts === 'every' || ctx.status !== (policy.successStatus ?? 200)) return;
    for (const { kind, key } of keys) {
      if (policy.clearOnSuccess.includes(kind)) limiter.reset(key);
      else limiter.takeBack([key], attempt.time);
    }
  };
}

/** The counter a route counts on: its own, except the other ways of signing in, which spend login's: one limit for them all. */
function counterOf(route: LimitedRoute): RateLimitRule {
  return route === 'magicLinkLogin' || route === 'sso' || route === 'oidc' ? 'login' : route;
}

function refuse(ctx: Context, retryAfterMs: number): never {
  // Whole seconds, rounded up so a client that waits that long is let through; at least 1.
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  throw appError('RATE_LIMITED');
}

/** The request's counter keys, prefixed by kind so an address can never collide with an email. */
function requestKeys(ctx: Context, kinds: readonly KeyKind[], trustProxy: boolean): RequestKey[] {
  const keys: RequestKey[] = [];
  for (const kind of kinds) {
    const value = keyValue(ctx, kind, trustProxy);
    if (value !== null) keys.push({ kind, key: `${kind}:${value}` });
  }
  return keys;
}

function keyValue(ctx: Context, kind: KeyKind, trustProxy: boolean): string | null {
  if (kind === 'address') return clientAddress(ctx, trustProxy);
  if (kind === 'email') return validEmail(ctx.state.body.email);
  // requireAuth sets the actor; without it this is a wiring bug, not a client error.
  const userId = ctx.state.actor?.user.id;
  if (userId === undefined) throw new Error('rateLimit(emailVerify) must come after requireAuth (emailVerify, upload)');
  return userId;
}

/** The lower-cased email when the value passes the Email rule (API.md §1.8), else null: it is just not a key then. */
function validEmail(value: unknown): string | null {
  try {
    return parseEmail(value);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
