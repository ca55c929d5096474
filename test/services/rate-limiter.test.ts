import test from 'ava';
import { type Attempt, SlidingWindowLimiter } from '../../src/services/rate-limiter.js';
import { rateLimiterFor } from '../../src/services/rate-limits.js';
import type { ServiceContext } from '../../src/services/context.js';
import { testConfig } from '../_helpers/config.js';

const MINUTE = 60_000;

/** A limiter on a fake clock the test moves by hand. */
function limiterAt(start: number, options: { limit: number; windowMs: number; maxKeys?: number }) {
  const clock = { now: start };
  const limiter = new SlidingWindowLimiter({ ...options, now: () => clock.now });
  return { clock, limiter };
}

function allowed(attempt: Attempt): boolean {
  return attempt.allowed;
}

function retryAfter(attempt: Attempt): number {
  if (attempt.allowed) throw new Error('expected a refusal');
  return attempt.retryAfterMs;
}

test('up to `limit` hits per window are allowed, the next is refused', (t) => {
  const { limiter } = limiterAt(0, { limit: 3, windowMs: MINUTE });
  t.deepEqual([1, 2, 3].map(() => allowed(limiter.attempt(['a']))), [true, true, true]);
  t.false(allowed(limiter.attempt(['a'])));
  t.true(allowed(limiter.attempt(['b'])), 'other keys are counted separately');
});

test('the window slides: each hit leaves exactly one window after it was made', (t) => {
  const { clock, limiter } = limiterAt(1_000, { limit: 2, windowMs: MINUTE });
  limiter.attempt(['a']);
  clock.now += 20_000;
  limiter.attempt(['a']);
  clock.now = 1_000 + MINUTE - 1;
  t.is(retryAfter(limiter.attempt(['a'])), 1, 'the first hit is still in the window 1 ms before it leaves');
  clock.now = 1_000 + MINUTE;
  t.true(allowed(limiter.attempt(['a'])), 'the first hit left; one slot free');
  t.is(retryAfter(limiter.attempt(['a'])), 20_000, 'full again until the second hit leaves');
  clock.now = 1_000 + 20_000 + MINUTE;
  t.true(allowed(limiter.attempt(['a'])));
});

test('no burst across a window edge, unlike a fixed window', (t) => {
  const { clock, limiter } = limiterAt(0, { limit: 3, windowMs: MINUTE });
  clock.now = MINUTE - 10;
  for (let i = 0; i < 3; i++) t.true(allowed(limiter.attempt(['a'])));
  clock.now = MINUTE + 10;
  t.is(retryAfter(limiter.attempt(['a'])), MINUTE - 20);
});

test('retry-after counts from the oldest counted hit in the window', (t) => {
  const { clock, limiter } = limiterAt(0, { limit: 3, windowMs: 15 * MINUTE });
  for (const at of [0, 5 * MINUTE, 6 * MINUTE]) {
    clock.now = at;
    limiter.attempt(['a']);
  }
  clock.now = 10 * MINUTE;
  t.is(retryAfter(limiter.attempt(['a'])), 5 * MINUTE);
});

test('a refused attempt is not counted', (t) => {
  const { clock, limiter } = limiterAt(0, { limit: 1, windowMs: MINUTE });
  limiter.attempt(['a']);
  for (let i = 1; i <= 10; i++) {
    clock.now = i * 1_000;
    limiter.attempt(['a']);
  }
  clock.now = MINUTE;
  t.true(allowed(limiter.attempt(['a'])), 'free as soon as the one counted hit leaves');
});

test('several keys: refused when any is at its limit, then none is counted; the wait is the longest', (t) => {
  const { clock, limiter } = limiterAt(0, { limit: 2, windowMs: MINUTE });
  limiter.attempt(['address', 'email:x']);
  clock.now = 10_000;
  limiter.attempt(['address', 'email:x']);
  clock.now = 20_000;
  t.true(allowed(limiter.attempt(['address2', 'email:y'])));
  t.true(allowed(limiter.attempt(['address2', 'email:y'])));
  t.is(retryAfter(limiter.attempt(['address2', 'email:x'])), 60_000, 'both full: address2 frees up last');
  t.is(retryAfter(limiter.attempt(['address3', 'email:x'])), 40_000, 'email:x alone refuses');
  t.true(allowed(limiter.attempt(['address3', 'email:z'])), 'address3 was not counted by its refusal');
  t.true(allowed(limiter.attempt(['address3'])));
  t.false(allowed(limiter.attempt(['address3'])));
});

test('takeBack removes only the hit of that attempt (a 200 where only failures count)', (t) => {
  const { clock, limiter } = limiterAt(0, { limit: 2, windowMs: MINUTE });
  limiter.attempt(['a']);
  clock.now = 1_000;
  const success = limiter.attempt(['a']);
  t.true(success.allowed);
  if (success.allowed) limiter.takeBack(['a'], success.time);
  t.true(allowed(limiter.attempt(['a'])), 'one slot was given back');
  t.is(retryAfter(limiter.attempt(['a'])), MINUTE - 1_000);
  limiter.takeBack(['a', 'unknown'], 12_345);
  t.is(retryAfter(limiter.attempt(['a'])), MINUTE - 1_000, 'an unknown time or key changes nothing');
});

test('a hit pending until its answer holds its slot, so parallel attempts cannot pass the limit', (t) => {
  const { limiter } = limiterAt(0, { limit: 2, windowMs: MINUTE });
  const pending = [limiter.attempt(['a']), limiter.attempt(['a']), limiter.attempt(['a'])];
  t.deepEqual(pending.map(allowed), [true, true, false]);
  const [first] = pending;
  if (first?.allowed) limiter.takeBack(['a'], first.time);
  t.true(allowed(limiter.attempt(['a'])));
});

test('reset clears one key and leaves the others (login success clears the email, not the address)', (t) => {
  const { limiter } = limiterAt(0, { limit: 1, windowMs: MINUTE });
  limiter.attempt(['address', 'email']);
  limiter.reset('email');
  t.true(allowed(limiter.attempt(['email'])));
  t.false(allowed(limiter.attempt(['address'])));
});

test('expired keys are pruned when new keys arrive', (t) => {
  const { clock, limiter } = limiterAt(0, { limit: 5, windowMs: MINUTE });
  for (let i = 0; i < 100; i++) limiter.attempt([`old-${i}`]);
  clock.now = 30_000;
  limiter.attempt(['recent']);
  t.is(limiter.size, 101);
  clock.now = MINUTE;
  limiter.attempt(['new']);
  t.is(limiter.size, 2, 'only "recent" and "new" are left');
});

test('a key whose hits all expired is dropped when it is checked', (t) => {
  const { clock, limiter } = limiterAt(0, { limit: 1, windowMs: MINUTE });
  limiter.attempt(['a']);
  clock.now = MINUTE;
  t.true(allowed(limiter.attempt(['b'])));
  t.is(limiter.size, 1);
});

test('at the key cap the least recently hit key is forgotten and memory stays bounded', (t) => {
  const { clock, limiter } = limiterAt(0, { limit: 1, windowMs: MINUTE, maxKeys: 3 });
  limiter.attempt(['victim']);
  for (let i = 0; i < 1_000; i++) {
    clock.now = 1 + i;
    limiter.attempt([`flood-${i}`]);
    t.true(limiter.size <= 3);
  }
  t.is(limiter.size, 3);
  t.true(allowed(limiter.attempt(['victim'])), 'the victim counter was forgotten: it starts over');
  t.false(allowed(limiter.attempt(['flood-999'])), 'recent keys are still counted');
});

test('a key hit again moves to the back: at the cap the idle key goes first', (t) => {
  const { clock, limiter } = limiterAt(0, { limit: 5, windowMs: MINUTE, maxKeys: 2 });
  limiter.attempt(['busy']);
  clock.now = 1;
  limiter.attempt(['idle']);
  clock.now = 2;
  limiter.attempt(['busy']);
  clock.now = 3;
  limiter.attempt(['newcomer']);
  clock.now = 4;
  for (let i = 0; i < 3; i++) limiter.attempt(['busy']);
  t.false(allowed(limiter.attempt(['busy'])), 'busy kept all 5 hits');
});

test('one limiter per service context and rule, made from that context\'s config', (t) => {
  const config = testConfig('/nonexistent', { loginRateLimit: { limit: 1, windowSeconds: 60 } });
  const one = { config } as ServiceContext;
  const other = { config } as ServiceContext;
  t.is(rateLimiterFor(one, 'login'), rateLimiterFor(one, 'login'));
  t.not(rateLimiterFor(one, 'login'), rateLimiterFor(other, 'login'));
  t.not(rateLimiterFor(one, 'login'), rateLimiterFor(one, 'mailToken'));
  const login = rateLimiterFor(one, 'login');
  t.true(login.attempt(['a']).allowed);
  t.false(login.attempt(['a']).allowed, 'limit 1 from config.loginRateLimit');
  const mailToken = rateLimiterFor(one, 'mailToken');
  for (let i = 0; i < 20; i++) t.true(mailToken.attempt(['a']).allowed);
  t.false(mailToken.attempt(['a']).allowed, 'limit 20 from config.mailTokenRateLimit');
});
