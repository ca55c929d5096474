import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import bcrypt from 'bcrypt';
import type { ParsedMail } from 'mailparser';
import { hashMailToken, issueMailToken, type UserTokenPurpose } from '../../src/services/mail-tokens.js';
import type { UserRow } from '../../src/storage/types.js';
import { createMember, OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { type SmtpSink, type SmtpSinkOptions, startSmtpSink } from '../_helpers/smtp-sink.js';

const PUBLIC_URL = 'https://feedback.example.org';
const RESET_LINK = /^https:\/\/feedback\.example\.org\/password-reset\/confirm\/\?token=([0-9a-f]{64})$/m;
const NEW_PASSWORD = 'a brand new passphrase';

const SUCCESS = { reset: { success: true } };
const VALID = { reset: { valid: true } };
const MISSING_TOKEN = { message: 'Password reset token missing', code: 'MISSING_TOKEN' };
const INVALID_TOKEN = { message: 'Password reset token is invalid', code: 'INVALID_TOKEN' };
const INVALID_JWT = { message: 'Invalid JWT token', code: 'INVALID_TOKEN' };
const EMAIL_INVALID = { message: 'Enter valid email', code: 'EMAIL_INVALID' };
const PASSWORD_MISSING = { message: 'No password provided', code: 'PASSWORD_MISSING' };
const PASSWORD_TOO_SHORT = { message: 'Password must be at least 8 bytes long', code: 'PASSWORD_TOO_SHORT' };
const PASSWORD_TOO_LONG = { message: 'Password must be at most 72 bytes long', code: 'PASSWORD_TOO_LONG' };
const MAIL_CONFIG_MISSING = { message: 'Mail configuration missing', code: 'MAIL_CONFIG_MISSING' };

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });

/** A server whose mail goes to a real SMTP sink on loopback. */
async function startWithSink(t: ExecutionContext, sinkOptions: SmtpSinkOptions = {}): Promise<{ server: TestServer; sink: SmtpSink }> {
  const sink = await startSmtpSink(sinkOptions);
  const server = await startTestServer({ smtpUrl: sink.url, mailOutbox: false, publicUrl: PUBLIC_URL });
  t.teardown(async () => {
    await server.close();
    await sink.close();
  });
  return { server, sink };
}

async function startServer(t: ExecutionContext): Promise<TestServer> {
  const server = await startTestServer();
  t.teardown(server.close);
  return server;
}

/** A mail token written straight to storage, as the mail routes would issue it. */
function issueToken(server: TestServer, userId: string, purpose: UserTokenPurpose = 'reset'): Promise<string> {
  return server.ctx.storage.transaction((tx) => issueMailToken(tx, userId, purpose, new Date()));
}

function resetTokenIn(mail: ParsedMail | undefined): string {
  const token = mail?.text?.match(RESET_LINK)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail?.text}`);
  return token;
}

function recipientOf(mail: ParsedMail | undefined): string {
  return mail?.to && 'text' in mail.to ? mail.to.text : '';
}

const post = (server: TestServer, path: string, body: unknown) => server.request('POST', path, { body });
const userOf = async (server: TestServer, id: string) => (await server.ctx.storage.users.get(id)) as UserRow;

/** What a refused request must leave as it was: the user row, their reset token, every token and the mail log. */
async function stateOf(server: TestServer, user: UserRow, token: string) {
  const { storage } = server.ctx;
  await server.ctx.background.idle();
  return {
    user: await storage.users.get(user.id),
    token: await storage.mailTokens.getByHash(hashMailToken(token)),
    tokens: await storage.mailTokens.count(),
    mailLog: await storage.mailLog.list(10),
  };
}

// ---- POST /auth/password/reset: error rows ----

test('reset without mail configured answers 501 before validating the body', async (t) => {
  const server = await startTestServer({ mailOutbox: false, smtpUrl: null });
  t.teardown(server.close);
  const { user } = await createMember(server.ctx, { email: 'jane@example.org' });
  for (const body of [{ email: 'jane@example.org' }, { email: 42 }, {}]) {
    const response = await post(server, '/auth/password/reset', body);
    t.is(response.status, 501);
    t.deepEqual(response.body, MAIL_CONFIG_MISSING);
  }
  t.is(await server.ctx.storage.mailTokens.count(), 0);
  t.deepEqual(await userOf(server, user.id), user);
});

const resetRows: Array<[string, Record<string, unknown>, unknown]> = [
  ['email not a string', { email: 42 }, validationError('email', 'email must be a string')],
  ['email an array', { email: ['jane@example.org'] }, validationError('email', 'email must be a string')],
  ['email with NUL', { email: 'jane\u0000@example.org' }, validationError('email', 'email must not contain NUL characters')],
  ['email absent', {}, EMAIL_INVALID],
  ['email null', { email: null }, EMAIL_INVALID],
  ['email empty', { email: '' }, EMAIL_INVALID],
  ['email blank', { email: '   ' }, EMAIL_INVALID],
  ['email invalid', { email: 'jane@' }, EMAIL_INVALID],
  ['email too long', { email: `${'a'.repeat(64)}@${'b'.repeat(252)}.org` }, EMAIL_INVALID],
];

for (const [title, body, expected] of resetRows) {
  test(`reset error: ${title}`, async (t) => {
    const server = await startServer(t);
    const { user } = await createMember(server.ctx, { email: 'jane@example.org' });
    const response = await post(server, '/auth/password/reset', body);
    t.is(response.status, 400);
    t.deepEqual(response.body, expected);
    await server.ctx.background.idle();
    t.is(await server.ctx.storage.mailTokens.count(), 0);
    t.deepEqual(await server.ctx.storage.mailLog.list(10), []);
    t.deepEqual(await userOf(server, user.id), user);
  });
}

// ---- POST /auth/password/validateToken and /auth/password/set: error rows ----

const tokenRows: Array<[string, Record<string, unknown>, unknown]> = [
  ['token not a string', { token: 42 }, validationError('token', 'token must be a string')],
  ['token an object', { token: { value: 'x' } }, validationError('token', 'token must be a string')],
  ['token true', { token: true }, validationError('token', 'token must be a string')],
  ['token with NUL', { token: 'ab\u0000cd' }, validationError('token', 'token must not contain NUL characters')],
  ['token absent', {}, MISSING_TOKEN],
  ['token null', { token: null }, MISSING_TOKEN],
  ['token empty', { token: '' }, MISSING_TOKEN],
  ['token unknown', { token: randomBytes(32).toString('hex') }, INVALID_TOKEN],
  ['token not hex', { token: 'not-a-token' }, INVALID_TOKEN],
  ['token blank', { token: '  ' }, INVALID_TOKEN],
];

/** A member holding a live reset token, and the state the refused requests must leave alone. */
async function memberWithResetToken(t: ExecutionContext) {
  const server = await startServer(t);
  const member = await createMember(server.ctx, { email: 'jane@example.org' });
  const token = await issueToken(server, member.user.id);
  return { server, member, token, before: await stateOf(server, member.user, token) };
}

for (const [title, body, expected] of tokenRows) {
  test(`validateToken error: ${title}`, async (t) => {
    const { server, member, token, before } = await memberWithResetToken(t);
    const response = await post(server, '/auth/password/validateToken', body);
    t.is(response.status, 400);
    t.deepEqual(response.body, expected);
    t.deepEqual(await stateOf(server, member.user, token), before);
  });

  test(`set error: ${title}, even with a valid password`, async (t) => {
    const { server, member, token, before } = await memberWithResetToken(t);
    const response = await post(server, '/auth/password/set', { ...body, password: NEW_PASSWORD });
    t.is(response.status, 400);
    t.deepEqual(response.body, expected);
    t.deepEqual(await stateOf(server, member.user, token), before);
  });
}

const passwordRows: Array<[string, Record<string, unknown>, unknown]> = [
  ['password not a string', { password: 12345678 }, validationError('password', 'password must be a string')],
  ['password an array', { password: ['a long password'] }, validationError('password', 'password must be a string')],
  ['password absent', {}, PASSWORD_MISSING],
  ['password null', { password: null }, PASSWORD_MISSING],
  ['password empty', { password: '' }, PASSWORD_MISSING],
  ['password 7 bytes', { password: '1234567' }, PASSWORD_TOO_SHORT],
  ['password 73 bytes', { password: 'a'.repeat(73) }, PASSWORD_TOO_LONG],
  ['password 74 bytes in 37 characters', { password: 'é'.repeat(37) }, PASSWORD_TOO_LONG],
];

for (const [title, fields, expected] of passwordRows) {
  test(`set error: ${title}`, async (t) => {
    const { server, member, token, before } = await memberWithResetToken(t);
    const response = await post(server, '/auth/password/set', { token, ...fields });
    t.is(response.status, 400);
    t.deepEqual(response.body, expected);
    t.deepEqual(await stateOf(server, member.user, token), before);
  });
}

test('set checks the token before the password', async (t) => {
  const { server, member, token, before } = await memberWithResetToken(t);
  const unknown = await post(server, '/auth/password/set', { token: randomBytes(32).toString('hex'), password: 'short' });
  t.deepEqual([unknown.status, unknown.body], [400, INVALID_TOKEN]);
  const missing = await post(server, '/auth/password/set', { password: 42 });
  t.deepEqual([missing.status, missing.body], [400, MISSING_TOKEN]);
  t.deepEqual(await stateOf(server, member.user, token), before);
});

// ---- flows ----

test('reset flow: mail with the link, token checked twice, new password set, old access token revoked, token used up', async (t) => {
  const { server, sink } = await startWithSink(t);
  const setup = await post(server, '/auth/setup', { ...OWNER, siteTitle: 'Acme' });
  t.is(setup.status, 201);
  const { userId, authToken } = setup.body.user;
  await sink.waitForMessages(1); // the verification mail of setup

  const reset = await post(server, '/auth/password/reset', { email: '  Ada@Example.ORG ' });
  t.is(reset.status, 200);
  t.deepEqual(reset.body, SUCCESS);
  const mail = (await sink.waitForMessages(2))[1];
  t.is(mail?.subject, 'Acme - Reset your account password');
  t.is(recipientOf(mail), 'ada@example.org');
  t.regex(mail?.text ?? '', /2 hours/);
  t.true(mail?.text?.startsWith(`Hi ${OWNER.name},\n`), mail?.text);
  const token = resetTokenIn(mail);
  t.false(reset.text.includes(token));

  for (let check = 0; check < 2; check++) {
    const valid = await post(server, '/auth/password/validateToken', { token });
    t.deepEqual([valid.status, valid.body], [200, VALID], 'validateToken does not consume the token');
  }
  const before = await userOf(server, userId);
  const set = await post(server, '/auth/password/set', { token, password: NEW_PASSWORD });
  t.deepEqual([set.status, set.body], [200, SUCCESS]);
  t.false(set.text.includes(token));

  const revoked = await server.request('POST', '/posts', { token: authToken, body: { title: 'Still signed in?' } });
  t.deepEqual([revoked.status, revoked.body], [401, INVALID_JWT]);
  const after = await userOf(server, userId);
  t.true(await bcrypt.compare(NEW_PASSWORD, after.passwordHash));
  t.false(await bcrypt.compare(OWNER.password, after.passwordHash));
  t.is(after.tokenVersion, before.tokenVersion + 1);
  t.true(after.updatedAt > before.updatedAt);
  const fresh = await server.request('POST', '/posts', { token: server.ctx.tokens.sign(after), body: { title: 'Back in' } });
  t.is(fresh.status, 201);

  for (const path of ['/auth/password/validateToken', '/auth/password/set']) {
    const reused = await post(server, path, { token, password: 'yet another password' });
    t.deepEqual([reused.status, reused.body], [400, INVALID_TOKEN], `${path} after use`);
  }
  t.true(await bcrypt.compare(NEW_PASSWORD, (await userOf(server, userId)).passwordHash));
  await server.ctx.background.idle();
  const [logged] = await server.ctx.storage.mailLog.list(1);
  t.like(logged, { to: 'ada@example.org', kind: 'reset', transport: 'smtp', status: 'sent', error: null });
});

test('an unknown email gets the same 200, and no mail is sent and no token stored', async (t) => {
  const { server, sink } = await startWithSink(t);
  await createMember(server.ctx, { email: 'jane@example.org' });
  const response = await post(server, '/auth/password/reset', { email: 'nobody@example.org' });
  t.deepEqual([response.status, response.body], [200, SUCCESS]);
  await server.ctx.background.idle();
  t.is(sink.messages.length, 0);
  t.is(await server.ctx.storage.mailTokens.count(), 0);
  t.deepEqual(await server.ctx.storage.mailLog.list(10), []);
});

test('the email is matched case-insensitively', async (t) => {
  const { server, sink } = await startWithSink(t);
  const { user } = await createMember(server.ctx, { email: 'jane.doe@example.org' });
  t.deepEqual((await post(server, '/auth/password/reset', { email: 'Jane.DOE@EXAMPLE.org' })).body, SUCCESS);
  const [mail] = await sink.waitForMessages(1);
  t.is(recipientOf(mail), 'jane.doe@example.org');
  const stored = await server.ctx.storage.mailTokens.getByHash(hashMailToken(resetTokenIn(mail)));
  t.like(stored, { userId: user.id, purpose: 'reset' });
});

test('a second reset replaces the first token', async (t) => {
  const { server, sink } = await startWithSink(t);
  await createMember(server.ctx, { email: 'jane@example.org' });
  await post(server, '/auth/password/reset', { email: 'jane@example.org' });
  const first = resetTokenIn((await sink.waitForMessages(1))[0]);
  await post(server, '/auth/password/reset', { email: 'jane@example.org' });
  const second = resetTokenIn((await sink.waitForMessages(2))[1]);
  t.not(first, second);
  t.deepEqual((await post(server, '/auth/password/validateToken', { token: first })).body, INVALID_TOKEN);
  t.deepEqual((await post(server, '/auth/password/set', { token: first, password: NEW_PASSWORD })).body, INVALID_TOKEN);
  t.deepEqual((await post(server, '/auth/password/validateToken', { token: second })).body, VALID);
  t.is(await server.ctx.storage.mailTokens.count(), 1);
});

test('a verification token is refused by validateToken and set, and is left in place', async (t) => {
  const server = await startServer(t);
  const { user } = await createMember(server.ctx);
  const token = await issueToken(server, user.id, 'verify');
  const before = await stateOf(server, user, token);
  for (const path of ['/auth/password/validateToken', '/auth/password/set']) {
    const response = await post(server, path, { token, password: NEW_PASSWORD });
    t.deepEqual([response.status, response.body], [400, INVALID_TOKEN], path);
  }
  t.deepEqual(await stateOf(server, user, token), before);
  t.like(before.token, { purpose: 'verify' });
});

test('an expired reset token is refused; one about to expire still works', async (t) => {
  const server = await startServer(t);
  const { user } = await createMember(server.ctx);
  const insertToken = (expiresInMs: number) => {
    const token = randomBytes(32).toString('hex');
    const now = Date.now();
    const row = {
      id: randomUUID(),
      userId: user.id,
      purpose: 'reset' as const,
      tokenHash: hashMailToken(token),
      createdAt: new Date(now - 2 * 3600_000).toISOString(),
      expiresAt: new Date(now + expiresInMs).toISOString(),
    };
    return server.ctx.storage.transaction((tx) => tx.mailTokens.insert(row)).then(() => token);
  };
  const expired = await insertToken(-1000);
  const before = await stateOf(server, user, expired);
  for (const path of ['/auth/password/validateToken', '/auth/password/set']) {
    const response = await post(server, path, { token: expired, password: NEW_PASSWORD });
    t.deepEqual([response.status, response.body], [400, INVALID_TOKEN], path);
  }
  t.deepEqual(await stateOf(server, user, expired), before);
  const live = await insertToken(60_000);
  t.deepEqual((await post(server, '/auth/password/set', { token: live, password: NEW_PASSWORD })).body, SUCCESS);
});

test('two concurrent sets with one token: exactly one succeeds', async (t) => {
  const server = await startServer(t);
  const { user } = await createMember(server.ctx);
  const token = await issueToken(server, user.id);
  const passwords = ['first new password', 'second new password'];
  const responses = await Promise.all(passwords.map((password) => post(server, '/auth/password/set', { token, password })));
  t.deepEqual(responses.map((response) => response.status).sort(), [200, 400]);
  const winner = passwords[responses.findIndex((response) => response.status === 200)] ?? '';
  const after = await userOf(server, user.id);
  t.true(await bcrypt.compare(winner, after.passwordHash));
  t.is(after.tokenVersion, user.tokenVersion + 1);
});

test('a blocked user may reset their password', async (t) => {
  const { server, sink } = await startWithSink(t);
  const blocked = await createMember(server.ctx, { email: 'blocked@example.org', blocked: true });
  t.deepEqual((await post(server, '/auth/password/reset', { email: 'blocked@example.org' })).body, SUCCESS);
  const token = resetTokenIn((await sink.waitForMessages(1))[0]);
  t.deepEqual((await post(server, '/auth/password/set', { token, password: NEW_PASSWORD })).body, SUCCESS);
  const after = await userOf(server, blocked.user.id);
  t.true(await bcrypt.compare(NEW_PASSWORD, after.passwordHash));
  t.true(after.isBlocked);
});

test('a failing SMTP server still gets 200; the failure is in the mail log and the token is kept', async (t) => {
  const { server, sink } = await startWithSink(t, { reject: true });
  const { user } = await createMember(server.ctx, { email: 'jane@example.org' });
  const response = await post(server, '/auth/password/reset', { email: 'jane@example.org' });
  t.deepEqual([response.status, response.body], [200, SUCCESS]);
  await server.ctx.background.idle();
  const [entry] = await server.ctx.storage.mailLog.list(10);
  t.like(entry, { to: 'jane@example.org', kind: 'reset', transport: 'smtp', status: 'failed' });
  t.regex(entry?.error ?? '', /550/);
  t.is(sink.messages.length, 0);
  t.is(await server.ctx.storage.mailTokens.count(), 1);
  t.deepEqual(await userOf(server, user.id), user);
});

test('with the outbox, the reset mail is written as an .eml file', async (t) => {
  const server = await startServer(t);
  await createMember(server.ctx, { email: 'jane@example.org' });
  t.deepEqual((await post(server, '/auth/password/reset', { email: 'jane@example.org' })).body, SUCCESS);
  await server.ctx.background.idle();
  t.is((await readdir(join(server.dataDir, 'outbox'))).length, 1);
});
