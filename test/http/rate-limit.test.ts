import { setTimeout } from 'node:timers/promises';
import type Router from '@koa/router';
import test, { type ExecutionContext } from 'ava';
import type { Middleware } from 'koa';
import type { Config, RateLimit } from '../../src/config/types.js';
import { appError } from '../../src/errors.js';
import { requireAuth } from '../../src/http/auth.js';
import { parseBody } from '../../src/http/body.js';
import { rateLimit } from '../../src/http/rate-limit.js';
import type { ServiceContext } from '../../src/services/context.js';
import { createMember } from '../_helpers/personas.js';
import { startTestServer, type TestResponse, type TestServer } from '../_helpers/server.js';

const RATE_LIMITED = '{"message":"Too many attempts. Try again later.","code":"RATE_LIMITED"}';
const MIB = 1_048_576;

/** Test handler: `{ "fail": true }` answers 403 like a wrong password, anything else 200; `delayMs` makes it slow, like bcrypt. */
const answer: Middleware = async (ctx) => {
  const { fail, delayMs } = ctx.state.body;
  if (typeof delayMs === 'number') await setTimeout(delayMs);
  if (fail === true) throw appError('INCORRECT_PASSWORD');
  ctx.body = { ok: true };
};

/** Like POST /auth/email/verify without mail configured: every authenticated request answers 501. */
const mailMissing: Middleware = () => {
  throw appError('MAIL_CONFIG_MISSING');
};

/** Test-only routes composed like the real ones: parseBody → (requireAuth) → rateLimit → handler. */
function limitedRoutes(router: Router, services: ServiceContext): void {
  router.post('/test/login', parseBody, rateLimit(services, 'login'), answer);
  router.post('/test/signup', parseBody, rateLimit(services, 'signup'), answer);
  router.post('/test/reset', parseBody, rateLimit(services, 'passwordReset'), answer);
  router.post('/test/verify', parseBody, requireAuth(services), rateLimit(services, 'emailVerify'), mailMissing);
  for (const path of ['/test/email/validate', '/test/password/validateToken', '/test/password/set']) {
    router.post(path, parseBody, rateLimit(services, 'mailToken'), answer);
  }
}

/** A server with the test routes; `trustProxy` on so each test can pick client addresses with X-Forwarded-For. */
async function serverWith(t: ExecutionContext, overrides: Partial<Config>): Promise<TestServer> {
  const server = await startTestServer({ trustProxy: true, ...overrides }, { routes: limitedRoutes });
  t.teardown(() => server.close());
  return server;
}

const perMinute = (limit: number): RateLimit => ({ limit, windowSeconds: 60 });

interface Send {
  address?: string;
  token?: string;
}

function post(server: TestServer, path: string, body: object, send: Send = {}): Promise<TestResponse> {
  const headers: Record<string, string> = send.address === undefined ? {} : { 'x-forwarded-for': send.address };
  return server.request('POST', path, { body, headers, ...(send.token ? { token: send.token } : {}) });
}

async function statuses(server: TestServer, path: string, body: object, times: number, send: Send = {}): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) seen.push((await post(server, path, body, send)).status);
  return seen;
}

// ---- the 429 answer -----------------------------------------------------------------------------

test('past the limit: 429 RATE_LIMITED with Retry-After in whole seconds and the usual headers', async (t) => {
  const server = await serverWith(t, { signupRateLimit: perMinute(2) });
  t.deepEqual(await statuses(server, '/test/signup', {}, 2), [200, 200]);
  const refused = await post(server, '/test/signup', {});
  t.is(refused.status, 429);
  t.is(refused.text, RATE_LIMITED);
  t.is(refused.headers.get('content-type'), 'application/json; charset=utf-8');
  const retryAfter = refused.headers.get('retry-after') ?? '';
  t.regex(retryAfter, /^[0-9]+$/);
  t.true(Number(retryAfter) >= 59 && Number(retryAfter) <= 60, retryAfter);
  t.truthy(refused.headers.get('x-request-id'));
  t.is(refused.headers.get('access-control-allow-origin'), '*');
  t.is(refused.headers.get('cache-control'), 'no-store');
});

test('Retry-After is at least 1 and the request passes once that time is over', async (t) => {
  // A 2 s window leaves room for a busy machine: each step only needs to happen within 0.8 s.
  const server = await serverWith(t, { signupRateLimit: { limit: 1, windowSeconds: 2 } });
  const first = Date.now();
  t.is((await post(server, '/test/signup', {})).status, 200);
  await setTimeout(Math.max(0, 1_200 - (Date.now() - first)));
  const refused = await post(server, '/test/signup', {});
  t.is(refused.status, 429);
  // Under a second of the window is left, and it still says 1, never 0.
  t.is(refused.headers.get('retry-after'), '1');
  await setTimeout(1_050);
  t.is((await post(server, '/test/signup', {})).status, 200);
});

// ---- login: answers other than 200 count, per address and per email -----------------------------

test('login: failures count; past the limit even the right password is refused', async (t) => {
  const server = await serverWith(t, { loginRateLimit: perMinute(3) });
  const body = { email: 'ada@example.org' };
  t.deepEqual(await statuses(server, '/test/login', { ...body, fail: true }, 3, { address: '10.0.0.1' }), [403, 403, 403]);
  t.is((await post(server, '/test/login', body, { address: '10.0.0.1' })).status, 429);
});

test('login: a 200 never counts for the address', async (t) => {
  const server = await serverWith(t, { loginRateLimit: perMinute(3) });
  const send = { address: '10.0.0.1' };
  t.deepEqual(await statuses(server, '/test/login', { email: 'ada@example.org' }, 6, send), [200, 200, 200, 200, 200, 200]);
  t.deepEqual(await statuses(server, '/test/login', { email: 'bob@example.org', fail: true }, 4, send), [403, 403, 403, 429]);
});

test('login: the email is a key of its own, lower-cased and trimmed, from any address', async (t) => {
  const server = await serverWith(t, { loginRateLimit: perMinute(3) });
  const spellings = ['ada@example.org', 'ADA@Example.org', ' ada@example.ORG '];
  for (const [index, email] of spellings.entries()) {
    t.is((await post(server, '/test/login', { email, fail: true }, { address: `10.0.1.${index}` })).status, 403);
  }
  const refused = await post(server, '/test/login', { email: 'Ada@example.org' }, { address: '10.0.1.9' });
  t.is(refused.status, 429);
  t.is((await post(server, '/test/login', { email: 'eve@example.org' }, { address: '10.0.1.9' })).status, 200);
});

test('login: a 200 clears the email counter but not the address counter', async (t) => {
  const server = await serverWith(t, { loginRateLimit: perMinute(3) });
  const ada = 'ada@example.org';
  t.deepEqual(await statuses(server, '/test/login', { email: ada, fail: true }, 2, { address: '10.0.0.1' }), [403, 403]);
  t.is((await post(server, '/test/login', { email: ada }, { address: '10.0.0.1' })).status, 200);
  // Ada's counter starts over: three failures from elsewhere before the fourth is refused.
  t.deepEqual(await statuses(server, '/test/login', { email: ada, fail: true }, 4, { address: '10.0.0.2' }), [403, 403, 403, 429]);
  // The first address still carries its two failures: one more is allowed, whatever the email.
  const other = await statuses(server, '/test/login', { email: 'bob@example.org', fail: true }, 2, { address: '10.0.0.1' });
  t.deepEqual(other, [403, 429]);
});

test('login: an invalid or mistyped email is no key; only the address counts', async (t) => {
  const server = await serverWith(t, { loginRateLimit: perMinute(2) });
  const emails: unknown[] = ['not-an-email', 42, null, '', `${'a'.repeat(320)}@example.org`];
  for (const [index, email] of emails.entries()) {
    const address = `10.0.2.${index}`;
    t.deepEqual(await statuses(server, '/test/login', { email, fail: true }, 3, { address }), [403, 403, 429], String(email));
  }
});

// ---- signup and password reset: every request reaching the limiter counts -------------------------

test('signup: every request counts, successes included, per address', async (t) => {
  const server = await serverWith(t, { signupRateLimit: perMinute(3) });
  const mixed = [{}, { fail: true }, {}];
  for (const body of mixed) await post(server, '/test/signup', body, { address: '10.0.0.1' });
  t.is((await post(server, '/test/signup', {}, { address: '10.0.0.1' })).status, 429);
  t.is((await post(server, '/test/signup', {}, { address: '10.0.0.2' })).status, 200);
});

test('password reset: every request counts, per address and per valid email', async (t) => {
  const server = await serverWith(t, { passwordResetRateLimit: perMinute(2) });
  const ada = { email: 'ada@example.org' };
  t.deepEqual(await statuses(server, '/test/reset', ada, 2, { address: '10.0.0.1' }), [200, 200]);
  t.is((await post(server, '/test/reset', { email: 'ADA@example.org' }, { address: '10.0.0.2' })).status, 429, 'email full');
  t.is((await post(server, '/test/reset', { email: 'bob@example.org' }, { address: '10.0.0.1' })).status, 429, 'address full');
  t.deepEqual(await statuses(server, '/test/reset', { email: 'nope' }, 3, { address: '10.0.0.3' }), [200, 200, 429]);
});

// ---- email verify: every authenticated request counts, per user -----------------------------------

test('email verify: 501 answers count per user; 401s come first and never count', async (t) => {
  const server = await serverWith(t, { emailVerifyRateLimit: perMinute(2) });
  const ada = await createMember(server.ctx);
  const bob = await createMember(server.ctx);
  t.deepEqual(await statuses(server, '/test/verify', {}, 5), [401, 401, 401, 401, 401]);
  t.deepEqual(await statuses(server, '/test/verify', {}, 5, { token: 'nonsense' }), [401, 401, 401, 401, 401]);
  t.deepEqual(await statuses(server, '/test/verify', {}, 3, { token: ada.token }), [501, 501, 429]);
  t.is((await post(server, '/test/verify', {}, { token: bob.token, address: '10.9.9.9' })).status, 501, 'other user');
  t.is((await post(server, '/test/verify', {}, { token: ada.token, address: '10.9.9.9' })).status, 429, 'not by address');
});

// ---- mail tokens: one counter shared by three routes -----------------------------------------------

test('mail-token routes share one counter of non-200 answers per address', async (t) => {
  const server = await serverWith(t, { mailTokenRateLimit: perMinute(3) });
  const send = { address: '10.0.0.1' };
  t.is((await post(server, '/test/email/validate', { fail: true }, send)).status, 403);
  t.is((await post(server, '/test/password/validateToken', { fail: true }, send)).status, 403);
  t.is((await post(server, '/test/password/set', { fail: true }, send)).status, 403);
  for (const path of ['/test/email/validate', '/test/password/validateToken', '/test/password/set']) {
    t.is((await post(server, path, {}, send)).status, 429, path);
  }
  t.is((await post(server, '/test/email/validate', {}, { address: '10.0.0.2' })).status, 200);
});

test('mail-token routes: 200 answers do not count', async (t) => {
  const server = await serverWith(t, { mailTokenRateLimit: perMinute(2) });
  const send = { address: '10.0.0.1' };
  t.deepEqual(await statuses(server, '/test/password/validateToken', {}, 5, send), [200, 200, 200, 200, 200]);
  t.deepEqual(await statuses(server, '/test/password/set', { fail: true }, 3, send), [403, 403, 429]);
});

// ---- the client address -----------------------------------------------------------------------------

test('without trustProxy X-Forwarded-For is ignored: every request counts for the socket address', async (t) => {
  const server = await serverWith(t, { trustProxy: false, signupRateLimit: perMinute(2) });
  t.is((await post(server, '/test/signup', {}, { address: '10.0.0.1' })).status, 200);
  t.is((await post(server, '/test/signup', {}, { address: '10.0.0.2' })).status, 200);
  t.is((await post(server, '/test/signup', {}, { address: '10.0.0.3' })).status, 429);
});

test('with trustProxy the right-most X-Forwarded-For entry is the address; entries to its left are ignored', async (t) => {
  const server = await serverWith(t, { trustProxy: true, signupRateLimit: perMinute(1) });
  t.is((await post(server, '/test/signup', {}, { address: '203.0.113.7' })).status, 200);
  t.is((await post(server, '/test/signup', {}, { address: '10.0.0.99, 203.0.113.7' })).status, 429, 'spoofed left entry');
  t.is((await post(server, '/test/signup', {}, { address: '203.0.113.7, 203.0.113.8' })).status, 200, 'another client');
});

// ---- placement: earlier answers never reach the limiter ---------------------------------------------

test('answers of routing and body parsing never count (404, 405, OPTIONS, 413, 415, 400)', async (t) => {
  const server = await serverWith(t, { trustProxy: false, signupRateLimit: perMinute(1), loginRateLimit: perMinute(1) });
  for (const path of ['/test/signup', '/test/login']) {
    const early: Array<[string, object, number]> = [
      ['GET', {}, 405],
      ['OPTIONS', {}, 204],
      ['POST', { rawBody: 'x'.repeat(MIB + 1), headers: { 'content-type': 'application/json' } }, 413],
      ['POST', { rawBody: '{}', headers: { 'content-type': 'text/plain' } }, 415],
      ['POST', { rawBody: '{"email":', headers: { 'content-type': 'application/json' } }, 400],
      ['POST', { body: [1, 2] }, 400],
    ];
    for (const [method, options, status] of early) {
      for (let i = 0; i < 2; i++) t.is((await server.request(method, path, options)).status, status, `${method} ${path}`);
    }
    t.is((await server.request('POST', `${path}/nope`, { body: {} })).status, 404);
    t.is((await post(server, path, { fail: true })).status, 403, `${path}: the first counted request`);
    t.is((await post(server, path, {})).status, 429, path);
  }
});

test('each rule has its own counters', async (t) => {
  const server = await serverWith(t, { trustProxy: false, signupRateLimit: perMinute(1), mailTokenRateLimit: perMinute(1) });
  t.deepEqual(await statuses(server, '/test/signup', {}, 2), [200, 429]);
  t.deepEqual(await statuses(server, '/test/login', { fail: true }, 2), [403, 403]);
  t.deepEqual(await statuses(server, '/test/email/validate', { fail: true }, 2), [403, 429]);
});

test('parallel failing attempts cannot slip past the limit while their answers are pending', async (t) => {
  const server = await serverWith(t, { loginRateLimit: perMinute(3) });
  // Each answer takes 100 ms, so all twelve are in flight at once.
  const body = { email: 'ada@example.org', fail: true, delayMs: 100 };
  const answers = await Promise.all(Array.from({ length: 12 }, () => post(server, '/test/login', body, { address: '10.0.0.1' })));
  const sorted = answers.map(({ status }) => status).sort();
  t.deepEqual(sorted, [...Array(3).fill(403), ...Array(9).fill(429)]);
});
