import test, { type ExecutionContext } from 'ava';
import bcrypt from 'bcrypt';
import jwt from 'jsonwebtoken';
import { hashPassword, insertAccount } from '../../src/services/accounts.js';
import type { UserRow } from '../../src/storage/types.js';
import { OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const GRACE = { email: 'grace@example.org', password: 'hopper compiler 1952' };
const INCORRECT = { message: 'Incorrect email or password', code: 'INCORRECT_PASSWORD' };
const BLOCKED = { message: 'User is Blocked', code: 'USER_BLOCKED' };
const INVALID_JWT = { message: 'Invalid JWT token', code: 'INVALID_TOKEN' };
const EMAIL_INVALID = { message: 'Enter valid email', code: 'EMAIL_INVALID' };
const PASSWORD_MISSING = { message: 'No password provided', code: 'PASSWORD_MISSING' };

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });

/** A set-up site with Grace added; one per test, since login failures are rate limited per server and address. */
async function startSite(t: ExecutionContext): Promise<{ server: TestServer; grace: UserRow }> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  if (setup.status !== 201) throw new Error(`setup failed: ${setup.text}`);
  return { server, grace: await addUser(server, GRACE.email, GRACE.password) };
}

/** A member with a real password hash, written straight to storage. */
async function addUser(server: TestServer, email: string, password: string, fields: Partial<UserRow> = {}): Promise<UserRow> {
  const passwordHash = await hashPassword(server.ctx, password);
  return server.ctx.storage.transaction(async (tx) => {
    const user = await insertAccount(tx, { email, name: 'Member', passwordHash, isOwner: false }, new Date().toISOString());
    return Object.keys(fields).length ? tx.users.update(user.id, fields) : user;
  });
}

const login = (server: TestServer, body: unknown) => server.request('POST', '/auth/login', { body });

// ---- success -----------------------------------------------------------------------------------------

test('login answers 200 with the AuthUser and an access token that works', async (t) => {
  const { server, grace } = await startSite(t);
  const response = await login(server, { email: '  GRACE@example.org ', password: GRACE.password });
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body), ['user']);
  const user = response.body.user;
  t.deepEqual(Object.keys(user), ['authToken', 'userId', 'name', 'username', 'email', 'avatar']);
  t.like(user, { userId: grace.id, name: 'Member', username: grace.username, email: GRACE.email });
  t.like(jwt.decode(user.authToken), { userId: grace.id, email: GRACE.email, type: 'access', ver: grace.tokenVersion });
  const posted = await server.request('POST', '/posts', { token: user.authToken, body: { title: 'Logged in' } });
  t.is(posted.status, 201);
});

test('the owner logs in with the setup password', async (t) => {
  const { server } = await startSite(t);
  const response = await login(server, { email: OWNER.email, password: OWNER.password });
  t.is(response.status, 200);
  t.is(response.body.user.email, OWNER.email);
});

test('login changes nothing stored', async (t) => {
  const { server, grace } = await startSite(t);
  const before = await server.ctx.storage.users.get(grace.id);
  await login(server, { email: GRACE.email, password: GRACE.password });
  await login(server, { email: GRACE.email, password: 'wrong password' });
  t.deepEqual(await server.ctx.storage.users.get(grace.id), before);
});

// ---- error rows --------------------------------------------------------------------------------------

const errorRows: Array<[string, Record<string, unknown>, number, unknown]> = [
  ['email not a string', { email: 7, password: GRACE.password }, 400, validationError('email', 'email must be a string')],
  ['email a boolean', { email: true, password: GRACE.password }, 400, validationError('email', 'email must be a string')],
  ['email absent', { password: GRACE.password }, 400, EMAIL_INVALID],
  ['email null', { email: null, password: GRACE.password }, 400, EMAIL_INVALID],
  ['email empty', { email: '', password: GRACE.password }, 400, EMAIL_INVALID],
  ['email invalid', { email: 'grace', password: GRACE.password }, 400, EMAIL_INVALID],
  ['password not a string', { email: GRACE.email, password: 12345678 }, 400, validationError('password', 'password must be a string')],
  ['password an object', { email: GRACE.email, password: {} }, 400, validationError('password', 'password must be a string')],
  ['password absent', { email: GRACE.email }, 400, PASSWORD_MISSING],
  ['password null', { email: GRACE.email, password: null }, 400, PASSWORD_MISSING],
  ['password empty', { email: GRACE.email, password: '' }, 400, PASSWORD_MISSING],
  ['NUL in the password', { email: GRACE.email, password: 'a\u0000b' }, 400, validationError('password', 'password must not contain NUL characters')],
  ['email checked before password', { email: 'nope', password: 3 }, 400, EMAIL_INVALID],
  ['email type checked before password', { email: 3 }, 400, validationError('email', 'email must be a string')],
  ['wrong password', { email: GRACE.email, password: 'not her password' }, 403, INCORRECT],
  ['unknown email', { email: 'nobody@example.org', password: GRACE.password }, 403, INCORRECT],
  ['short passwords are only wrong here', { email: GRACE.email, password: 'x' }, 403, INCORRECT],
];

for (const [title, body, status, expected] of errorRows) {
  test(`login error: ${title}`, async (t) => {
    const { server } = await startSite(t);
    const response = await login(server, body);
    t.is(response.status, status);
    t.deepEqual(response.body, expected);
  });
}

test('unknown email and wrong password give byte-identical answers', async (t) => {
  const { server } = await startSite(t);
  const unknown = await login(server, { email: 'nobody@example.org', password: 'whatever it is' });
  const wrong = await login(server, { email: GRACE.email, password: 'whatever it is' });
  t.is(unknown.status, 403);
  t.is(unknown.status, wrong.status);
  t.is(unknown.text, wrong.text);
  t.is(unknown.headers.get('content-length'), wrong.headers.get('content-length'));
});

test.serial('every login attempt past validation costs exactly one bcrypt comparison', async (t) => {
  const { server } = await startSite(t);
  const original = bcrypt.compare;
  let compares = 0;
  const counting = (...args: Parameters<typeof original>) => {
    compares++;
    return original(...args);
  };
  bcrypt.compare = counting as typeof original;
  t.teardown(() => {
    bcrypt.compare = original;
  });
  for (const body of [
    { email: 'nobody@example.org', password: 'whatever it is' },
    { email: GRACE.email, password: 'whatever it is' },
    { email: GRACE.email, password: GRACE.password },
    { email: GRACE.email, password: 'a'.repeat(73) },
  ]) {
    compares = 0;
    await login(server, body);
    t.is(compares, 1, JSON.stringify(body.email));
  }
});

test('a password over 72 bytes never logs in, even when its first 72 bytes are right', async (t) => {
  const { server } = await startSite(t);
  const password = 'p'.repeat(72);
  await addUser(server, 'long@example.org', password);
  t.is((await login(server, { email: 'long@example.org', password })).status, 200);
  for (const longer of [`${password}p`, `${password} and more`]) {
    const response = await login(server, { email: 'long@example.org', password: longer });
    t.is(response.status, 403, longer);
    t.deepEqual(response.body, INCORRECT);
  }
});

test('a blocked user gets USER_BLOCKED only with the right password', async (t) => {
  const { server } = await startSite(t);
  await addUser(server, 'blocked@example.org', GRACE.password, { isBlocked: true });
  const wrong = await login(server, { email: 'blocked@example.org', password: 'wrong password' });
  t.is(wrong.status, 403);
  t.deepEqual(wrong.body, INCORRECT);
  const right = await login(server, { email: 'blocked@example.org', password: GRACE.password });
  t.is(right.status, 403);
  t.deepEqual(right.body, BLOCKED);
});

test('a password changed elsewhere (token version bumped) revokes old tokens; a new login works', async (t) => {
  const { server } = await startSite(t);
  const user = await addUser(server, 'revoke@example.org', GRACE.password);
  const first = await login(server, { email: 'revoke@example.org', password: GRACE.password });
  t.is((await server.request('POST', '/posts', { token: first.body.user.authToken, body: { title: 'Before' } })).status, 201);
  await server.ctx.storage.transaction((tx) => tx.users.update(user.id, { tokenVersion: user.tokenVersion + 1 }));
  const old = await server.request('POST', '/posts', { token: first.body.user.authToken, body: { title: 'After' } });
  t.is(old.status, 401);
  t.deepEqual(old.body, INVALID_JWT);
  const again = await login(server, { email: 'revoke@example.org', password: GRACE.password });
  t.is(again.status, 200);
  t.like(jwt.decode(again.body.user.authToken), { ver: user.tokenVersion + 1 });
  t.is((await server.request('POST', '/posts', { token: again.body.user.authToken, body: { title: 'Again' } })).status, 201);
});
