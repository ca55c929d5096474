import type { Middleware } from 'koa';
import type { ServiceContext } from '../services/context.js';

/** The limited routes of API.md §1.14. */
export type RateLimitRule = 'login' | 'signup' | 'passwordReset' | 'emailVerify' | 'mailToken';

/**
 * API.md §1.14 rate limit for one rule, placed after parseBody (and requireAuth for emailVerify),
 * before the handler. PLACEHOLDER: passes everything through until the limiter lands.
 */
export function rateLimit(_services: ServiceContext, _rule: RateLimitRule): Middleware {
  return async (_ctx, next) => {
    await next();
  };
}
