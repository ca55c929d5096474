import test, { type ExecutionContext } from 'ava';
import type { Config, RateLimit } from '../../src/config/types.js';
import { OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestResponse, type TestServer } from '../_helpers/server.js';

// One end-to-end check per rule of API.md §1.14 against the real routes; the counting details are
// covered with test routes in rate-limit.test.ts.

const RATE_LIMITED = { message: 'Too many attempts. Try again later.', code: 'RATE_LIMITED' };

const perMinute = (limit: number): RateLimit => ({ limit, windowSeconds: 60 });

/** A set-up site (mail goes to the outbox) with the given limits. */
async function startSite(t: ExecutionContext, limits: Partial<Config>): Promise<TestServer> {
  const server = await startTestServer(limits);
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  if (setup.status !== 201) throw new Error(`setup failed: ${setup.text}`);
  return server;
}

async function statuses(server: TestServer, path: string, bodies: object[], token?: string): Promise<number[]> {
  const seen: number[] = [];
  for (const body of bodies) seen.push((await server.request('POST', path, { body, ...(token ? { token } : {}) })).status);
  return seen;
}

function assertRateLimited(t: ExecutionContext, response: TestResponse): void {
  t.is(response.status, 429);
  t.deepEqual(response.body, RATE_LIMITED);
  t.regex(response.headers.get('retry-after') ?? '', /^(59|60)$/);
}

test('POST /auth/login: wrong passwords count; past the limit the right one is refused too', async (t) => {
  const server = await startSite(t, { loginRateLimit: perMinute(2) });
  const wrong = { email: OWNER.email, password: 'not the password' };
  t.deepEqual(await statuses(server, '/auth/login', [wrong, wrong]), [403, 403]);
  assertRateLimited(t, await server.request('POST', '/auth/login', { body: { email: OWNER.email, password: OWNER.password } }));
});

test('POST /auth/signup: every sign-up counts, successful ones included', async (t) => {
  const server = await startSite(t, { signupRateLimit: perMinute(2) });
  const member = (n: number) => ({ email: `member${n}@example.org`, password: 'long enough password' });
  t.deepEqual(await statuses(server, '/auth/signup', [member(1), member(2)]), [201, 201]);
  assertRateLimited(t, await server.request('POST', '/auth/signup', { body: member(3) }));
});

test('POST /auth/password/reset: every request counts, registered email or not', async (t) => {
  const server = await startSite(t, { passwordResetRateLimit: perMinute(2) });
  t.deepEqual(await statuses(server, '/auth/password/reset', [{ email: 'nobody@example.org' }, { email: OWNER.email }]), [200, 200]);
  assertRateLimited(t, await server.request('POST', '/auth/password/reset', { body: { email: 'someone@example.org' } }));
});

test('POST /auth/email/verify: every authenticated request counts, per user', async (t) => {
  const server = await startSite(t, { emailVerifyRateLimit: perMinute(2) });
  const signup = await server.request('POST', '/auth/signup', { body: { email: 'new@example.org', password: 'long enough password' } });
  const token: string = signup.body.user.authToken;
  t.deepEqual(await statuses(server, '/auth/email/verify', [{}, {}], token), [200, 200]);
  assertRateLimited(t, await server.request('POST', '/auth/email/verify', { token }));
});

test('POST /auth/email/validate, /auth/password/validateToken and /auth/password/set share one counter', async (t) => {
  const server = await startSite(t, { mailTokenRateLimit: perMinute(3) });
  const bad = { token: 'not-a-real-token', password: 'long enough password' };
  const paths = ['/auth/email/validate', '/auth/password/validateToken', '/auth/password/set'];
  for (const path of paths) t.is((await server.request('POST', path, { body: bad })).status, 400, path);
  for (const path of paths) assertRateLimited(t, await server.request('POST', path, { body: bad }));
});
