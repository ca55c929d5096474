import type { ServiceContext } from './context.js';
import { SlidingWindowLimiter } from './rate-limiter.js';

/**
 * The counters of API.md §1.14 (and of the sign-in link request, issue 28), each with its own
 * setting; `mailToken` is the one counter shared by the three mail-token routes.
 */
export type RateLimitRule = 'login' | 'signup' | 'passwordReset' | 'magicLink' | 'emailVerify' | 'mailToken' | 'upload';

// Keyed by the context so each one (each test server) starts empty, and its counters go with it.
const limitersByContext = new WeakMap<ServiceContext, Map<RateLimitRule, SlidingWindowLimiter>>();

/** The one limiter of a rule in this service context, made on first use from `config.<rule>RateLimit`. */
export function rateLimiterFor(services: ServiceContext, rule: RateLimitRule): SlidingWindowLimiter {
  let limiters = limitersByContext.get(services);
  if (!limiters) {
    limiters = new Map();
    limitersByContext.set(services, limiters);
  }
  let limiter = limiters.get(rule);
  if (!limiter) {
    const { limit, windowSeconds } = services.config[`${rule}RateLimit`];
    limiter = new SlidingWindowLimiter({ limit, windowMs: windowSeconds * 1000 });
    limiters.set(rule, limiter);
  }
  return limiter;
}
