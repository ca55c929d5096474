import test from 'ava';
import { issueMailToken } from '../../src/services/mail-tokens.js';
import { createMember } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { createSecret, type ProductSecret, productToken } from '../_helpers/sso-product.js';

/*
 * How a person signs in (issue 28, "Everywhere"): an account made by the product's token has no
 * password until a reset gives it one; GET /auth/identities says so; DELETE /auth/identities/:provider
 * unlinks while another way in remains. No mail is configured here, so a mailed link is no way in.
 */

let server: TestServer;
let secret: ProductSecret;

const LAST_WAY = { message: 'This is your only way to sign in: set a password first', code: 'LAST_SIGN_IN_METHOD' };
const NOT_LINKED = { message: 'This sign-in is not linked to your account', code: 'IDENTITY_NOT_FOUND' };
const WRONG_PASSWORD = 'INCORRECT_PASSWORD';

test.before(async () => {
  server = await startTestServer({ loginRateLimit: { limit: 1000, windowSeconds: 60 }, mailOutbox: false, smtpUrl: null });
  secret = await setUp(server);
});
test.after.always(() => server?.close());

/** Setup needs mail; the owner is made in storage instead, so a server without mail can have one. */
async function setUp(target: TestServer): Promise<ProductSecret> {
  const owner = await createMember(target.ctx, { email: 'owner@example.org' });
  await target.ctx.storage.users.update(owner.user.id, { isOwner: true });
  return createSecret(target, owner.token);
}

let people = 0;
async function ssoAccount(target = server, key = secret): Promise<{ userId: string; email: string; token: string }> {
  people += 1;
  const claims = { sub: `ways-${people}`, email: `ways${people}@example.com`, name: `Ways ${people}` };
  const answer = await target.request('POST', '/auth/sso', { body: { token: productToken(key, claims) } });
  if (answer.status !== 200) throw new Error(answer.text);
  return { userId: answer.body.user.userId, email: claims.email, token: answer.body.user.authToken };
}

const ways = (token?: string) => server.request('GET', '/auth/identities', token ? { token } : {});
const unlink = (provider: string, token?: string) => server.request('DELETE', `/auth/identities/${provider}`, token ? { token } : {});
const login = (email: string, password: string) => server.request('POST', '/auth/login', { body: { email, password } });

async function resetPassword(userId: string, password: string): Promise<void> {
  const token = await server.ctx.storage.transaction((tx) => issueMailToken(tx, userId, 'reset', new Date()));
  const answer = await server.request('POST', '/auth/password/set', { body: { token, password } });
  if (answer.status !== 200) throw new Error(answer.text);
}

test('an account made by the product has no password: no password signs in, as for an unknown email, until a reset sets one', async (t) => {
  const person = await ssoAccount();
  t.is((await server.ctx.storage.users.get(person.userId))?.passwordHash, '');
  for (const password of ['', ' ', 'anything at all', 'x'.repeat(80)]) {
    const answer = await login(person.email, password);
    t.not(answer.status, 200, `password ${JSON.stringify(password)}`);
  }
  const wrong = await login(person.email, 'anything at all');
  const unknown = await login('nobody-here@example.com', 'anything at all');
  t.deepEqual(wrong.body, unknown.body, 'the same refusal as an unknown email');
  t.is(wrong.body.code, WRONG_PASSWORD);
  t.like((await ways(person.token)).body, { hasPassword: false, signInLinks: false });

  await resetPassword(person.userId, 'a password of my own');
  const signedIn = await login(person.email, 'a password of my own');
  t.is(signedIn.status, 200, signedIn.text);
  t.like((await ways(signedIn.body.user.authToken)).body, { hasPassword: true });
});

test('the listing shows the password and the linked identities; signed out is 401', async (t) => {
  const person = await ssoAccount();
  const [identity] = await server.ctx.storage.linkedIdentities.listByUser(person.userId);
  const listed = await ways(person.token);
  t.is(listed.status, 200);
  t.deepEqual(listed.body, {
    identities: [{ provider: 'sso', createdAt: identity!.createdAt, lastUsedAt: identity!.lastUsedAt }],
    hasPassword: false,
    signInLinks: false,
  });
  const member = await createMember(server.ctx, {});
  t.deepEqual((await ways(member.token)).body, { identities: [], hasPassword: true, signInLinks: false });
  t.is((await ways()).status, 401);
});

test('unlinking the only way in is refused with 409 and the identity stays', async (t) => {
  const person = await ssoAccount();
  const answer = await unlink('sso', person.token);
  t.is(answer.status, 409);
  t.deepEqual(answer.body, LAST_WAY);
  t.is((await server.ctx.storage.linkedIdentities.listByUser(person.userId)).length, 1);
});

test('with a password as another way, unlinking answers 204 and the identity is gone; the account still signs in', async (t) => {
  const person = await ssoAccount();
  await resetPassword(person.userId, 'a password of my own');
  const token = (await login(person.email, 'a password of my own')).body.user.authToken;
  const answer = await unlink('sso', token);
  t.is(answer.status, 204, answer.text);
  t.deepEqual(await server.ctx.storage.linkedIdentities.listByUser(person.userId), []);
  t.deepEqual((await ways(token)).body.identities, []);
  t.is((await login(person.email, 'a password of my own')).status, 200);
});

test('another linked identity is another way in', async (t) => {
  const person = await ssoAccount();
  const now = new Date().toISOString();
  await server.ctx.storage.linkedIdentities.insert({
    id: crypto.randomUUID(),
    userId: person.userId,
    provider: 'acme',
    subject: `acme-${person.userId}`,
    avatarUrl: null,
    createdAt: now,
    lastUsedAt: now,
  });
  t.is((await unlink('sso', person.token)).status, 204);
  // Now the provider is the only way left.
  t.deepEqual((await unlink('acme', person.token)).body, LAST_WAY);
  t.deepEqual((await server.ctx.storage.linkedIdentities.listByUser(person.userId)).map((i) => i.provider), ['acme']);
});

test('unlinking what is not linked is 404; signed out is 401', async (t) => {
  const person = await ssoAccount();
  const missing = await unlink('google', person.token);
  t.is(missing.status, 404);
  t.deepEqual(missing.body, NOT_LINKED);
  // Another person's identity is not the caller's to unlink.
  const member = await createMember(server.ctx, {});
  t.deepEqual((await unlink('sso', member.token)).body, NOT_LINKED);
  t.is((await server.ctx.storage.linkedIdentities.listByUser(person.userId)).length, 1);
  t.is((await unlink('sso')).status, 401);
});

test('with mail configured a mailed sign-in link is another way in, so the only identity can be unlinked', async (t) => {
  const mailing = await startTestServer({ mailOutbox: true });
  t.teardown(() => mailing.close());
  const person = await ssoAccount(mailing, await setUp(mailing));
  const listed = await mailing.request('GET', '/auth/identities', { token: person.token });
  t.like(listed.body, { hasPassword: false, signInLinks: true });
  const answer = await mailing.request('DELETE', '/auth/identities/sso', { token: person.token });
  t.is(answer.status, 204, answer.text);
  t.deepEqual(await mailing.ctx.storage.linkedIdentities.listByUser(person.userId), []);
});
