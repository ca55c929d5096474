import type { ServiceContext } from './context.js';
import { SlidingWindowLimiter } from './rate-limiter.js';

/**
 * The limited routes of API.md §1.14; `mailToken` is the one counter shared by the three mail-token
 * routes, and `sso` (issue 28) counts on the login's counter: one limit for every way of signing in.
 */
export type RateLimitRule = 'login' | 'signup' | 'passwordReset' | 'emailVerify' | 'mailToken' | 'sso';

/** The counter and setting of each rule. */
type CounterRule = Exclude<RateLimitRule, 'sso'>;
const COUNTER_OF: Readonly<Record<RateLimitRule, CounterRule>> = {
  login: 'login',
  signup: 'signup',
  passwordReset: 'passwordReset',
  emailVerify: 'emailVerify',
  mailToken: 'mailToken',
  sso: 'login',
};

// Keyed by the context so each one (each test server) starts empty, and its counters go with it.
const limitersByContext = new WeakMap<ServiceContext, Map<CounterRule, SlidingWindowLimiter>>();

/** The one limiter of a rule in this service context, made on first use from `config.<rule>RateLimit`. */
export function rateLimiterFor(services: ServiceContext, rule: RateLimitRule): SlidingWindowLimiter {
  const counter = COUNTER_OF[rule];
  let limiters = limitersByContext.get(services);
  if (!limiters) {
    limiters = new Map();
    limitersByContext.set(services, limiters);
  }
  let limiter = limiters.get(counter);
  if (!limiter) {
    const { limit, windowSeconds } = services.config[`${counter}RateLimit`];
    limiter = new SlidingWindowLimiter({ limit, windowMs: windowSeconds * 1000 });
    limiters.set(counter, limiter);
  }
  return limiter;
}
