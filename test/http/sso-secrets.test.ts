import { Writable } from 'node:stream';
import test from 'ava';
import { pino } from 'pino';
import { createMember, OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { createSecret, productToken } from '../_helpers/sso-product.js';

/*
 * The owner's single sign-on secrets (issue 28): owner-only routes, the key shown once, revoking,
 * `kid` choosing among several; POST /auth/sso on the login's rate limit; the token never in a log
 * line, and the /sso landing answered without Referer or caching. Both engines.
 */

const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
const NOT_FOUND = { message: 'Single sign-on secret not found', code: 'SSO_SECRET_NOT_FOUND' };

async function setUp(t: import('ava').ExecutionContext, overrides = {}, logger?: pino.Logger) {
  const server = await startTestServer(overrides, logger ? { logger } : {});
  t.teardown(server.close);
  const ownerToken: string = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  return { server, ownerToken };
}

const signIn = (server: TestServer, token: string) => server.request('POST', '/auth/sso', { body: { token } });
const person = { sub: 'p-1', email: 'pat@example.com', name: 'Pat' };

test('only the owner lists, creates and revokes secrets; the key is in the creating answer only', async (t) => {
  const { server, ownerToken } = await setUp(t);
  const member = await createMember(server.ctx, { permissions: ['settings:update'] });
  for (const [method, path] of [['GET', '/sso/secrets'], ['POST', '/sso/secrets'], ['DELETE', '/sso/secrets/0b5b5ad5-7c36-4b6c-9e8e-2f2d0c4d2a11']] as const) {
    const refused = await server.request(method, path, { token: member.token });
    t.is(refused.status, 403, `${method} ${path}`);
    t.deepEqual(refused.body, FORBIDDEN);
  }
  t.deepEqual((await server.request('GET', '/sso/secrets', { token: ownerToken })).body, { secrets: [] });
  const created = await server.request('POST', '/sso/secrets', { token: ownerToken });
  t.is(created.status, 201);
  t.regex(created.body.secret.secret, /^ssosec_[A-Za-z0-9_-]{43}$/);
  t.like(created.body.secret, { lastUsedAt: null });
  const listed = await server.request('GET', '/sso/secrets', { token: ownerToken });
  t.deepEqual(listed.body.secrets, [{ secretId: created.body.secret.secretId, createdAt: created.body.secret.createdAt, lastUsedAt: null }]);
  t.false(listed.text.includes(created.body.secret.secret));

  for (const id of ['0b5b5ad5-7c36-4b6c-9e8e-2f2d0c4d2a11', 'not-an-id']) {
    const unknown = await server.request('DELETE', `/sso/secrets/${id}`, { token: ownerToken });
    t.is(unknown.status, 404);
    t.deepEqual(unknown.body, NOT_FOUND);
  }
  t.is((await server.request('DELETE', `/sso/secrets/${created.body.secret.secretId.toUpperCase()}`, { token: ownerToken })).status, 204);
  t.deepEqual((await server.request('GET', '/sso/secrets', { token: ownerToken })).body, { secrets: [] });
});

test('a revoked secret stops working at once; with several, kid picks one and the others keep working', async (t) => {
  const { server, ownerToken } = await setUp(t);
  const first = await createSecret(server, ownerToken);
  const second = await createSecret(server, ownerToken);
  t.is((await signIn(server, productToken(first, person))).status, 200);
  t.is((await signIn(server, productToken(second, person))).status, 200);
  t.is((await signIn(server, productToken(second, person, { kid: false }))).status, 200, 'without kid every active secret is tried');
  // kid names the first, the signature is the second's: refused.
  const mismatched = await signIn(server, productToken({ id: first.id, secret: second.secret }, person));
  t.is(mismatched.status, 401);
  t.regex(mismatched.body.message, /not signed by the secret its kid names/);

  t.is((await server.request('DELETE', `/sso/secrets/${first.id}`, { token: ownerToken })).status, 204);
  for (const token of [productToken(first, person), productToken(first, person, { kid: false })]) {
    const refused = await signIn(server, token);
    t.is(refused.status, 401);
    t.is(refused.body.code, 'SSO_TOKEN_INVALID');
  }
  t.is((await signIn(server, productToken(second, person))).status, 200, 'the other secret still works');
  t.is((await server.request('DELETE', `/sso/secrets/${second.id}`, { token: ownerToken })).status, 204);
  const off = await signIn(server, productToken(second, person));
  t.is(off.status, 403);
  t.is(off.body.code, 'SSO_NOT_CONFIGURED');
});

test("POST /auth/sso counts on the login's rate limit, per client address, shared with POST /auth/login", async (t) => {
  const { server, ownerToken } = await setUp(t, { loginRateLimit: { limit: 3, windowSeconds: 60 } });
  const secret = await createSecret(server, ownerToken);
  t.is((await signIn(server, productToken(secret, person))).status, 200, 'a 200 does not count');
  t.is((await signIn(server, 'broken')).status, 401);
  t.is((await server.request('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'wrong password' } })).status, 403);
  t.is((await signIn(server, 'broken')).status, 401);
  const limited = await signIn(server, productToken(secret, person));
  t.is(limited.status, 429);
  t.is(limited.body.code, 'RATE_LIMITED');
  t.truthy(limited.headers.get('retry-after'));
});

test('the token is in no log line, neither of POST /auth/sso nor of the /sso landing; the landing sends no Referer and is not stored', async (t) => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { server, ownerToken } = await setUp(t, { logLevel: 'trace' }, pino({ level: 'trace' }, sink));
  const secret = await createSecret(server, ownerToken);
  const token = productToken(secret, person);
  t.is((await signIn(server, token)).status, 200);
  t.is((await signIn(server, `${token}x`)).status, 401);
  const landing = await server.request('GET', `/sso?token=${token}&redirect=/p/x`, { fromRoot: true });
  t.is(landing.status, 200);
  t.regex(landing.headers.get('content-type') ?? '', /^text\/html/);
  t.is(landing.headers.get('referrer-policy'), 'no-referrer');
  t.is(landing.headers.get('cache-control'), 'no-store');
  t.is(landing.headers.get('etag'), null);
  await new Promise((done) => setTimeout(done, 50));
  t.true(lines.some((line) => line.includes('"path":"/sso"')), 'the landing was logged, by its path');
  const refusal = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'sign-in refused');
  t.like(refusal, { level: 40, path: '/api/v1/auth/sso', status: 401, emailHash: null }, 'a refused token is a refused sign-in, logged at warn');
  const signature = token.split('.')[2]!;
  t.deepEqual(lines.filter((line) => line.includes(signature) || line.includes(token.split('.')[1]!)), []);
});
