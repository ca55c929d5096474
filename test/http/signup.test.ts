import test from 'ava';
import jwt from 'jsonwebtoken';
import type { Config } from '../../src/config/types.js';
import { insertAccount } from '../../src/services/accounts.js';
import { hashMailToken } from '../../src/services/mail-tokens.js';
import type { Repositories } from '../../src/storage/types.js';
import { createMember, EVERYONE_ROLE_ID, OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { startSmtpSink } from '../_helpers/smtp-sink.js';

const GRACE = { email: 'grace@example.org', password: 'hopper compiler 1952', name: 'Grace Hopper' };
const NOT_ALLOWED = { message: 'You do not have permission to perform this action.', code: 'SIGNUP_NOT_ALLOWED' };
const MAIL_MISSING = { message: 'Mail configuration missing', code: 'MAIL_CONFIG_MISSING' };
const USER_EXISTS = { message: 'User exists', code: 'USER_EXISTS' };
const USERNAME_EXISTS = { message: 'Username already exists', code: 'USERNAME_EXISTS' };
const EMAIL_INVALID = { message: 'Enter valid email', code: 'EMAIL_INVALID' };
const PASSWORD_MISSING = { message: 'No password provided', code: 'PASSWORD_MISSING' };
const TOO_SHORT = { message: 'Password must be at least 8 bytes long', code: 'PASSWORD_TOO_SHORT' };
const TOO_LONG = { message: 'Password must be at most 72 bytes long', code: 'PASSWORD_TOO_LONG' };
const NAME_TOO_LONG = { message: 'Name cannot exceed 64 characters', code: 'NAME_TOO_LONG' };

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });

/** A server whose owner was written straight to storage, so no setup mail muddies the mail log. */
async function siteWithOwner(overrides: Partial<Config> = {}): Promise<TestServer> {
  const server = await startTestServer(overrides);
  await server.ctx.storage.transaction((tx) =>
    insertAccount(tx, { email: OWNER.email, name: OWNER.name, passwordHash: 'x', isOwner: true }, new Date().toISOString()),
  );
  return server;
}

/** Everything a refused sign-up must leave as it was (API.md §1.13), mail attempts included. */
async function snapshot(server: TestServer) {
  await server.ctx.background.idle();
  const { storage } = server.ctx;
  return {
    users: await storage.users.count(),
    userRoles: await storage.userRoles.count(),
    mailTokens: await storage.mailTokens.count(),
    mailLog: (await storage.mailLog.list(1000)).length,
    settings: await storage.settings.get(),
  };
}

/** Makes every generated username look taken, the only way to reach USERNAME_EXISTS over HTTP. */
function takeEveryUsername(server: TestServer): void {
  const { storage } = server.ctx;
  const transaction = storage.transaction.bind(storage);
  const taken = (tx: Repositories): Repositories => ({
    ...tx,
    users: { ...tx.users, getByUsername: async () => ({}) as Awaited<ReturnType<Repositories['users']['get']>> },
  });
  storage.transaction = (work) => transaction((tx) => work(taken(tx)));
}

// ---- success -----------------------------------------------------------------------------------------

test('sign-up creates an unverified member holding @everyone and returns an access token', async (t) => {
  const server = await siteWithOwner();
  t.teardown(server.close);
  const response = await server.request('POST', '/auth/signup', {
    body: { email: '  Grace@Example.ORG ', password: GRACE.password, name: ' Grace   Hopper!! ' },
  });
  t.is(response.status, 201);
  const user = response.body.user;
  t.deepEqual(Object.keys(response.body), ['user']);
  t.deepEqual(Object.keys(user), ['authToken', 'userId', 'name', 'username', 'email', 'avatar']);
  t.like(user, { name: 'Grace Hopper', email: 'grace@example.org' });
  t.regex(user.username, /^grace_[0-9a-z]{8}$/);
  t.regex(user.avatar, /^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}$/);
  t.like(jwt.decode(user.authToken), { userId: user.userId, email: 'grace@example.org', type: 'access', ver: 0 });

  const stored = await server.ctx.storage.users.get(user.userId);
  t.like(stored, { isOwner: false, isVerified: false, isBlocked: false, tokenVersion: 0 });
  t.not(stored?.passwordHash, GRACE.password);
  const roles = await server.ctx.storage.userRoles.listByUser(user.userId);
  t.deepEqual(
    roles.map((role) => role.roleId),
    [EVERYONE_ROLE_ID],
  );
  t.is((await server.request('POST', '/posts', { token: user.authToken, body: { title: 'Hello' } })).status, 201);
});

test('sign-up without a name stores ""; null is the same as absent', async (t) => {
  const server = await siteWithOwner();
  t.teardown(server.close);
  const absent = await server.request('POST', '/auth/signup', { body: { email: GRACE.email, password: GRACE.password } });
  t.is(absent.status, 201);
  t.is(absent.body.user.name, '');
  const nulled = await server.request('POST', '/auth/signup', { body: { email: 'b@example.org', password: GRACE.password, name: null } });
  t.is(nulled.status, 201);
  t.is(nulled.body.user.name, '');
});

test('sign-up mails a verification link over SMTP after the write, titled with the site title', async (t) => {
  const sink = await startSmtpSink();
  const server = await siteWithOwner({ smtpUrl: sink.url, mailOutbox: false, publicUrl: 'https://fb.example.org/' });
  t.teardown(async () => {
    await server.close();
    await sink.close();
  });
  await server.ctx.storage.transaction((tx) => tx.settings.update({ title: 'Acme' }));
  const response = await server.request('POST', '/auth/signup', { body: GRACE });
  t.is(response.status, 201);
  const [mail] = await sink.waitForMessages(1);
  t.is(mail?.subject, 'Acme - Please confirm your email');
  t.is(mail?.to && 'text' in mail.to ? mail.to.text : '', GRACE.email);
  t.true(mail?.text?.startsWith('Hi Grace Hopper,\n'), mail?.text);
  t.true(String(mail?.html).includes('<p>Hi Grace Hopper,</p>'), 'the HTML part greets too');
  const token = mail?.text?.match(/^https:\/\/fb\.example\.org\/email-verify\/\?token=([0-9a-f]{64})$/m)?.[1];
  t.truthy(token, mail?.text);
  const stored = await server.ctx.storage.mailTokens.getByHash(hashMailToken(token ?? ''));
  t.like(stored, { userId: response.body.user.userId, purpose: 'verify' });
  t.false(response.text.includes(token ?? 'no token'));
});

test('a failing SMTP server does not fail sign-up; the attempt is logged', async (t) => {
  const sink = await startSmtpSink({ reject: true });
  const server = await siteWithOwner({ smtpUrl: sink.url, mailOutbox: false });
  t.teardown(async () => {
    await server.close();
    await sink.close();
  });
  t.is((await server.request('POST', '/auth/signup', { body: GRACE })).status, 201);
  await server.ctx.background.idle();
  const [entry] = await server.ctx.storage.mailLog.list(10);
  t.like(entry, { to: GRACE.email, kind: 'verify', transport: 'smtp', status: 'failed' });
});

test('concurrent sign-ups with one email create exactly one account', async (t) => {
  const server = await siteWithOwner();
  t.teardown(server.close);
  const responses = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      server.request('POST', '/auth/signup', { body: { ...GRACE, email: i % 2 ? GRACE.email : GRACE.email.toUpperCase() } }),
    ),
  );
  t.deepEqual(responses.map((response) => response.status).sort(), [201, ...Array(7).fill(409)]);
  t.is(await server.ctx.storage.users.count(), 2);
  t.is(await server.ctx.storage.mailTokens.count(), 1);
});

// ---- row 1: sign-up not allowed, row 2: mail missing ------------------------------------------------

test('before setup sign-up is refused with 403 SIGNUP_NOT_ALLOWED, whatever the body', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  for (const body of [GRACE, { email: 'nope' }, {}]) {
    const response = await server.request('POST', '/auth/signup', { body });
    t.is(response.status, 403);
    t.deepEqual(response.body, NOT_ALLOWED);
  }
  t.is(await server.ctx.storage.users.count(), 0);
  t.deepEqual((await server.request('GET', '/auth/setup')).body, { is_setup: false });
});

test('with allowSignup false sign-up is refused with 403, and allowed again once switched back', async (t) => {
  const server = await siteWithOwner();
  t.teardown(server.close);
  await server.ctx.storage.transaction((tx) => tx.settings.update({ allowSignup: false }));
  const before = await snapshot(server);
  for (const body of [GRACE, { email: 42 }]) {
    const response = await server.request('POST', '/auth/signup', { body });
    t.is(response.status, 403);
    t.deepEqual(response.body, NOT_ALLOWED);
  }
  t.deepEqual(await snapshot(server), before);
  await server.ctx.storage.transaction((tx) => tx.settings.update({ allowSignup: true }));
  t.is((await server.request('POST', '/auth/signup', { body: GRACE })).status, 201);
});

test('SIGNUP_NOT_ALLOWED comes before MAIL_CONFIG_MISSING', async (t) => {
  const server = await startTestServer({ mailOutbox: false, smtpUrl: null });
  t.teardown(server.close);
  const response = await server.request('POST', '/auth/signup', { body: GRACE });
  t.is(response.status, 403);
  t.deepEqual(response.body, NOT_ALLOWED);
});

test('without mail configured sign-up answers 501 before validating the body and creates nothing', async (t) => {
  const server = await siteWithOwner({ mailOutbox: false, smtpUrl: null });
  t.teardown(server.close);
  const before = await snapshot(server);
  for (const body of [GRACE, { email: 'bad', password: 1 }]) {
    const response = await server.request('POST', '/auth/signup', { body });
    t.is(response.status, 501);
    t.deepEqual(response.body, MAIL_MISSING);
  }
  t.deepEqual(await snapshot(server), before);
});

// ---- rows 3–12 ---------------------------------------------------------------------------------------

const errorRows: Array<[string, Record<string, unknown>, number, unknown]> = [
  ['email not a string', { email: 42, password: 'x' }, 400, validationError('email', 'email must be a string')],
  ['email an array', { email: [GRACE.email], password: GRACE.password }, 400, validationError('email', 'email must be a string')],
  ['email absent', { password: GRACE.password }, 400, EMAIL_INVALID],
  ['email null', { email: null, password: GRACE.password }, 400, EMAIL_INVALID],
  ['email empty', { email: '', password: GRACE.password }, 400, EMAIL_INVALID],
  ['email blank', { email: '   ', password: GRACE.password }, 400, EMAIL_INVALID],
  ['email invalid', { email: 'grace@', password: GRACE.password }, 400, EMAIL_INVALID],
  ['email too long', { email: `${'a'.repeat(64)}@${'b'.repeat(252)}.org`, password: GRACE.password }, 400, EMAIL_INVALID],
  ['NUL in the email', { email: 'gr\u0000ace@example.org', password: GRACE.password }, 400, validationError('email', 'email must not contain NUL characters')],
  ['password not a string', { email: GRACE.email, password: 12345678 }, 400, validationError('password', 'password must be a string')],
  ['password absent', { email: GRACE.email }, 400, PASSWORD_MISSING],
  ['password null', { email: GRACE.email, password: null }, 400, PASSWORD_MISSING],
  ['password empty', { email: GRACE.email, password: '' }, 400, PASSWORD_MISSING],
  ['password 7 bytes', { email: GRACE.email, password: '1234567' }, 400, TOO_SHORT],
  ['password 73 bytes', { email: GRACE.email, password: 'a'.repeat(73) }, 400, TOO_LONG],
  ['password 74 bytes in 37 characters', { email: GRACE.email, password: 'é'.repeat(37) }, 400, TOO_LONG],
  ['name not a string', { ...GRACE, name: { first: 'Grace' } }, 400, validationError('name', 'name must be a string')],
  ['name too long after cleaning', { ...GRACE, name: `${'é'.repeat(65)}!` }, 400, NAME_TOO_LONG],
  ['NUL in the name', { ...GRACE, name: 'Gr\u0000ace' }, 400, validationError('name', 'name must not contain NUL characters')],
  ['email checked before password', { email: 'nope', password: 1 }, 400, EMAIL_INVALID],
  ['password checked before name', { email: GRACE.email, password: '1', name: 7 }, 400, TOO_SHORT],
  ['the owner email, any case', { ...GRACE, email: ' ADA@example.org' }, 409, USER_EXISTS],
  ['validation before USER_EXISTS', { email: OWNER.email, password: 'short' }, 400, TOO_SHORT],
];

for (const [title, body, status, expected] of errorRows) {
  test(`sign-up error: ${title}`, async (t) => {
    const server = await siteWithOwner();
    t.teardown(server.close);
    const before = await snapshot(server);
    const response = await server.request('POST', '/auth/signup', { body });
    t.is(response.status, status);
    t.deepEqual(response.body, expected);
    t.deepEqual(await snapshot(server), before);
  });
}

test('an email taken by another member gives 409 USER_EXISTS and changes nothing', async (t) => {
  const server = await siteWithOwner();
  t.teardown(server.close);
  await createMember(server.ctx, { email: GRACE.email });
  const before = await snapshot(server);
  const response = await server.request('POST', '/auth/signup', { body: { ...GRACE, email: 'Grace@EXAMPLE.org' } });
  t.is(response.status, 409);
  t.deepEqual(response.body, USER_EXISTS);
  t.deepEqual(await snapshot(server), before);
});

test('409 USERNAME_EXISTS when no free username is found, after USER_EXISTS', async (t) => {
  const server = await siteWithOwner();
  t.teardown(server.close);
  const before = await snapshot(server);
  takeEveryUsername(server);
  const taken = await server.request('POST', '/auth/signup', { body: GRACE });
  t.is(taken.status, 409);
  t.deepEqual(taken.body, USERNAME_EXISTS);
  const both = await server.request('POST', '/auth/signup', { body: { ...GRACE, email: OWNER.email } });
  t.is(both.status, 409);
  t.deepEqual(both.body, USER_EXISTS);
  t.deepEqual(await snapshot(server), before);
});
