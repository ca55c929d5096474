import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import jwt from 'jsonwebtoken';
import { pickUsername } from '../../src/services/accounts.js';
import { hashMailToken } from '../../src/services/mail-tokens.js';
import { createMember, OWNER } from '../_helpers/personas.js';
import { startTestServer } from '../_helpers/server.js';
import { startSmtpSink } from '../_helpers/smtp-sink.js';

const validationError = (path: string, message: string) => ({
  message,
  code: 'VALIDATION_ERROR',
  errors: [{ path, message }],
});

test('GET /auth/setup reports false before setup and true after', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const before = await server.request('GET', '/auth/setup');
  t.is(before.status, 200);
  t.deepEqual(before.body, { is_setup: false });
  t.is((await server.request('POST', '/auth/setup', { body: OWNER })).status, 201);
  t.deepEqual((await server.request('GET', '/auth/setup')).body, { is_setup: true });
});

test('POST /auth/setup creates the owner and returns an access token', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('POST', '/auth/setup', {
    body: { email: '  Ada@Example.ORG ', password: OWNER.password, name: '  Ada   Lovelace<3 ', siteTitle: '  Acme Feedback ' },
  });
  t.is(response.status, 201);
  const user = response.body.user;
  t.deepEqual(Object.keys(user), ['authToken', 'userId', 'name', 'username', 'email', 'avatar']);
  t.is(user.email, 'ada@example.org');
  t.is(user.name, 'Ada Lovelace3');
  t.regex(user.username, /^ada_[0-9a-z]{8}$/);
  t.is(user.avatar, 'https://www.gravatar.com/avatar/5bfcf2d8e394674550332640d72db509');
  const claims = jwt.decode(user.authToken, { complete: true });
  t.deepEqual(claims?.header, { alg: 'HS256', typ: 'JWT' });
  t.like(claims?.payload, { userId: user.userId, email: 'ada@example.org', type: 'access', ver: 0 });

  const stored = await server.ctx.storage.users.get(user.userId);
  t.like(stored, { isOwner: true, isVerified: false, isBlocked: false, tokenVersion: 0 });
  t.not(stored?.passwordHash, OWNER.password);
  const roles = await server.ctx.storage.userRoles.listByUser(user.userId);
  t.deepEqual(
    roles.map((role) => role.roleId),
    ['f6027b68-6c4f-4331-8354-41836f654980'],
  );
  t.is((await server.ctx.storage.settings.get()).title, 'Acme Feedback');

  const posted = await server.request('POST', '/posts', { token: user.authToken, body: { title: 'Owner can post' } });
  t.is(posted.status, 201);
});

test('a blank site title leaves the default title', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('POST', '/auth/setup', { body: { ...OWNER, siteTitle: '   ' } });
  t.is(response.status, 201);
  t.is((await server.ctx.storage.settings.get()).title, 'Feedback');
});

test('setup sends the verification mail over SMTP with the new title and a working link', async (t) => {
  const sink = await startSmtpSink();
  const server = await startTestServer({ smtpUrl: sink.url, mailOutbox: false, publicUrl: 'https://feedback.example.org' });
  t.teardown(async () => {
    await server.close();
    await sink.close();
  });
  const response = await server.request('POST', '/auth/setup', { body: { ...OWNER, siteTitle: 'Acme' } });
  t.is(response.status, 201);
  const [mail] = await sink.waitForMessages(1);
  t.is(mail?.subject, 'Acme - Please confirm your email');
  t.is(mail?.to && 'text' in mail.to ? mail.to.text : '', 'ada@example.org');
  t.regex(mail?.from?.text ?? '', /"?Acme"? <noreply@feedback\.example\.org>/);
  const link = mail?.text?.match(/^https:\/\/feedback\.example\.org\/email-verify\/\?token=([0-9a-f]{64})$/m);
  t.truthy(link, mail?.text);
  const stored = await server.ctx.storage.mailTokens.getByHash(hashMailToken(link?.[1] ?? ''));
  t.like(stored, { userId: response.body.user.userId, purpose: 'verify' });
  t.false(JSON.stringify(response.body).includes(link?.[1] ?? 'no token'));
});

test('setup with the outbox writes the verification mail as an .eml file', async (t) => {
  const server = await startTestServer({ mailOutbox: true, smtpUrl: null });
  t.teardown(server.close);
  t.is((await server.request('POST', '/auth/setup', { body: OWNER })).status, 201);
  await server.ctx.background.idle();
  const files = await readdir(join(server.dataDir, 'outbox'));
  t.is(files.length, 1);
  t.regex(files[0] ?? '', /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f-]{36}\.eml$/);
});

test('a failing SMTP server does not fail setup; the attempt is logged', async (t) => {
  const sink = await startSmtpSink({ reject: true });
  const server = await startTestServer({ smtpUrl: sink.url, mailOutbox: false });
  t.teardown(async () => {
    await server.close();
    await sink.close();
  });
  t.is((await server.request('POST', '/auth/setup', { body: OWNER })).status, 201);
  await server.ctx.background.idle();
  const [entry] = await server.ctx.storage.mailLog.list(10);
  t.like(entry, { to: 'ada@example.org', kind: 'verify', transport: 'smtp', status: 'failed' });
  t.truthy(entry?.error);
});

test('once set up, any body gets 403 SETUP_COMPLETED, even malformed or oversized', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  await server.request('POST', '/auth/setup', { body: OWNER });
  const expected = { message: 'Setup has already been completed.', code: 'SETUP_COMPLETED' };
  for (const options of [
    { body: { ...OWNER, email: 'other@example.org' } },
    { rawBody: '{not json', headers: { 'content-type': 'application/json' } },
    { rawBody: 'hello', headers: { 'content-type': 'text/plain' } },
    { rawBody: 'x'.repeat(2 * 1024 * 1024), headers: { 'content-type': 'application/json' } },
  ]) {
    const response = await server.request('POST', '/auth/setup', options);
    t.is(response.status, 403);
    t.deepEqual(response.body, expected);
  }
});

test('without mail configured setup answers 501 before validating the body', async (t) => {
  const server = await startTestServer({ mailOutbox: false, smtpUrl: null });
  t.teardown(server.close);
  const response = await server.request('POST', '/auth/setup', { body: { email: 'bad' } });
  t.is(response.status, 501);
  t.deepEqual(response.body, { message: 'Mail configuration missing', code: 'MAIL_CONFIG_MISSING' });
  t.deepEqual((await server.request('GET', '/auth/setup')).body, { is_setup: false });
});

const emailInvalid = { message: 'Enter valid email', code: 'EMAIL_INVALID' };
const passwordMissing = { message: 'No password provided', code: 'PASSWORD_MISSING' };
const errorRows: Array<[string, Record<string, unknown>, number, unknown]> = [
  ['email not a string', { email: 42, password: 'x' }, 400, validationError('email', 'email must be a string')],
  ['email an object', { email: { a: 1 } }, 400, validationError('email', 'email must be a string')],
  ['email absent', { password: OWNER.password }, 400, emailInvalid],
  ['email null', { email: null, password: OWNER.password }, 400, emailInvalid],
  ['email empty', { email: '', password: OWNER.password }, 400, emailInvalid],
  ['email invalid', { email: 'ada@', password: OWNER.password }, 400, emailInvalid],
  ['email too long', { email: `${'a'.repeat(64)}@${'b'.repeat(252)}.org`, password: OWNER.password }, 400, emailInvalid],
  ['password not a string', { email: OWNER.email, password: 12345678 }, 400, validationError('password', 'password must be a string')],
  ['password absent', { email: OWNER.email }, 400, passwordMissing],
  ['password null', { email: OWNER.email, password: null }, 400, passwordMissing],
  ['password empty', { email: OWNER.email, password: '' }, 400, passwordMissing],
  ['password 7 bytes', { email: OWNER.email, password: '1234567' }, 400, { message: 'Password must be at least 8 bytes long', code: 'PASSWORD_TOO_SHORT' }],
  ['password 73 bytes', { email: OWNER.email, password: 'a'.repeat(73) }, 400, { message: 'Password must be at most 72 bytes long', code: 'PASSWORD_TOO_LONG' }],
  ['password 74 bytes in 37 characters', { email: OWNER.email, password: 'é'.repeat(37) }, 400, { message: 'Password must be at most 72 bytes long', code: 'PASSWORD_TOO_LONG' }],
  ['name not a string', { ...OWNER, name: ['Ada'] }, 400, validationError('name', 'name must be a string')],
  ['name too long', { ...OWNER, name: 'é'.repeat(65) }, 400, { message: 'Name cannot exceed 64 characters', code: 'NAME_TOO_LONG' }],
  ['siteTitle not a string', { ...OWNER, siteTitle: true }, 400, validationError('siteTitle', 'siteTitle must be a string')],
  ['siteTitle too long', { ...OWNER, siteTitle: ` ${'t'.repeat(256)} ` }, 400, { message: 'Site title cannot exceed 255 characters', code: 'SITE_TITLE_TOO_LONG' }],
  ['NUL in the name', { ...OWNER, name: 'A\u0000da' }, 400, validationError('name', 'name must not contain NUL characters')],
  ['email checked before password', { email: 'nope', password: '1' }, 400, emailInvalid],
  ['password checked before name', { email: OWNER.email, password: '1', name: 'é'.repeat(65) }, 400, { message: 'Password must be at least 8 bytes long', code: 'PASSWORD_TOO_SHORT' }],
];

for (const [title, body, status, expected] of errorRows) {
  test(`setup error: ${title}`, async (t) => {
    const server = await startTestServer();
    t.teardown(server.close);
    const response = await server.request('POST', '/auth/setup', { body });
    t.is(response.status, status);
    t.deepEqual(response.body, expected);
    t.deepEqual((await server.request('GET', '/auth/setup')).body, { is_setup: false });
    t.is(await server.ctx.storage.users.count(), 0);
  });
}

test('boundaries that pass: 8-byte and 72-byte passwords, 64-letter name after cleaning, 255-character title', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('POST', '/auth/setup', {
    body: { email: OWNER.email, password: 'é'.repeat(36), name: `${'n'.repeat(64)}!!!`, siteTitle: 't'.repeat(255) },
  });
  t.is(response.status, 201);
  t.is(response.body.user.name, 'n'.repeat(64));
  const second = await startTestServer();
  t.teardown(second.close);
  t.is((await second.request('POST', '/auth/setup', { body: { email: OWNER.email, password: '12345678' } })).status, 201);
});

test('an email already used by a CLI-created user gives 409 USER_EXISTS and changes nothing', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  await createMember(server.ctx, { email: 'ada@example.org' });
  const response = await server.request('POST', '/auth/setup', { body: { ...OWNER, email: 'ADA@example.org', siteTitle: 'New' } });
  t.is(response.status, 409);
  t.deepEqual(response.body, { message: 'User exists', code: 'USER_EXISTS' });
  t.deepEqual((await server.request('GET', '/auth/setup')).body, { is_setup: false });
  t.is((await server.ctx.storage.settings.get()).title, 'Feedback');
  t.is(await server.ctx.storage.users.count(), 1);
});

test('concurrent setups create exactly one owner', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const responses = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      server.request('POST', '/auth/setup', { body: { ...OWNER, email: `owner${i}@example.org` } }),
    ),
  );
  const statuses = responses.map((response) => response.status).sort();
  t.deepEqual(statuses, [201, ...Array(11).fill(403)]);
  t.is(await server.ctx.storage.users.count(), 1);
});

test('USERNAME_EXISTS when every generated username is taken', async (t) => {
  // Usernames are random; a repository where every name is taken is the only way to reach this row.
  const taken = { users: { getByUsername: async () => ({}) } } as unknown as Parameters<typeof pickUsername>[0];
  const error = await t.throwsAsync(() => pickUsername(taken, 'ada@example.org'));
  t.like(error, { code: 'USERNAME_EXISTS', status: 409, message: 'Username already exists' });
});
