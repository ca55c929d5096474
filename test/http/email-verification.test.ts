import test from 'ava';
import { hashMailToken, issueMailToken, type UserTokenPurpose } from '../../src/services/mail-tokens.js';
import type { UserRow } from '../../src/storage/types.js';
import { createMember, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { startSmtpSink } from '../_helpers/smtp-sink.js';

const OK = { verify: { success: true } };
const VERIFIED = { message: 'Your email has already been verified.', code: 'EMAIL_VERIFIED' };
const MAIL_MISSING = { message: 'Mail configuration missing', code: 'MAIL_CONFIG_MISSING' };
const MISSING_TOKEN = { message: 'Email verification token missing', code: 'MISSING_TOKEN' };
const INVALID_TOKEN = { message: 'Email verification token is invalid', code: 'INVALID_TOKEN' };
const HOUR_MS = 60 * 60 * 1000;

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });

/** A mail token written through the service helper, as if it had been mailed at `issuedAt`. */
function issue(server: TestServer, user: UserRow, purpose: UserTokenPurpose, issuedAt = new Date()): Promise<string> {
  return server.ctx.storage.transaction((tx) => issueMailToken(tx, user.id, purpose, issuedAt));
}

async function verifiedMember(server: TestServer): Promise<Persona> {
  const member = await createMember(server.ctx);
  const user = await server.ctx.storage.transaction((tx) => tx.users.update(member.user.id, { isVerified: true }));
  return { user, token: member.token };
}

/** Stored state a refused request must leave as it was, mail attempts included. */
async function snapshot(server: TestServer, user: UserRow) {
  await server.ctx.background.idle();
  const { storage } = server.ctx;
  return {
    user: await storage.users.get(user.id),
    mailTokens: await storage.mailTokens.count(),
    mailLog: (await storage.mailLog.list(1000)).length,
  };
}

const verify = (server: TestServer, token?: string) => server.request('POST', '/auth/email/verify', token === undefined ? {} : { token });
const validate = (server: TestServer, body: unknown) => server.request('POST', '/auth/email/validate', { body });

// ---- POST /auth/email/verify -------------------------------------------------------------------------

test('verify answers 200 and mails a new link; only the newest token stays', async (t) => {
  const sink = await startSmtpSink();
  const server = await startTestServer({ smtpUrl: sink.url, mailOutbox: false });
  t.teardown(async () => {
    await server.close();
    await sink.close();
  });
  const member = await createMember(server.ctx);
  const old = await issue(server, member.user, 'verify');
  const response = await verify(server, member.token);
  t.is(response.status, 200);
  t.deepEqual(response.body, OK);
  const [mail] = await sink.waitForMessages(1);
  t.is(mail?.subject, 'Feedback - Please confirm your email');
  t.true(mail?.text?.startsWith(`Hi ${member.user.name},\n`), mail?.text);
  const token = mail?.text?.match(/^http:\/\/localhost:3000\/email-verify\/\?token=([0-9a-f]{64})$/m)?.[1] ?? '';
  t.like(await server.ctx.storage.mailTokens.getByHash(hashMailToken(token)), { userId: member.user.id, purpose: 'verify' });
  t.is(await server.ctx.storage.mailTokens.getByHash(hashMailToken(old)), undefined);
  t.is(await server.ctx.storage.mailTokens.count(), 1);
  t.false(response.text.includes(token));
});

test('verify keeps a pending reset token', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const member = await createMember(server.ctx);
  const reset = await issue(server, member.user, 'reset');
  t.is((await verify(server, member.token)).status, 200);
  t.like(await server.ctx.storage.mailTokens.getByHash(hashMailToken(reset)), { purpose: 'reset' });
});

test('a mail failure does not change the verify answer; the attempt is logged', async (t) => {
  const sink = await startSmtpSink({ reject: true });
  const server = await startTestServer({ smtpUrl: sink.url, mailOutbox: false });
  t.teardown(async () => {
    await server.close();
    await sink.close();
  });
  const member = await createMember(server.ctx);
  const response = await verify(server, member.token);
  t.is(response.status, 200);
  t.deepEqual(response.body, OK);
  await server.ctx.background.idle();
  const [entry] = await server.ctx.storage.mailLog.list(10);
  t.like(entry, { to: member.user.email, kind: 'verify', status: 'failed' });
});

const verifyAuthRows: Array<[string, Record<string, string>, number, unknown]> = [
  ['A1: no header', {}, 401, { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' }],
  [
    'A2: not a Bearer header',
    { authorization: 'Token abc' },
    401,
    { message: 'Authorization header format is "authorization: Bearer [token]"', code: 'INVALID_AUTH_HEADER_FORMAT' },
  ],
  ['A3: not a JWT', { authorization: 'Bearer not-a-jwt' }, 401, { message: 'Invalid JWT token', code: 'INVALID_TOKEN' }],
];

for (const [title, headers, status, expected] of verifyAuthRows) {
  test(`verify error ${title}, even without mail configured`, async (t) => {
    for (const overrides of [{}, { mailOutbox: false, smtpUrl: null }]) {
      const server = await startTestServer(overrides);
      t.teardown(server.close);
      const response = await server.request('POST', '/auth/email/verify', { headers });
      t.is(response.status, status);
      t.deepEqual(response.body, expected);
    }
  });
}

test('verify error A4: a blocked user gets 403 USER_BLOCKED, before the mail check', async (t) => {
  for (const overrides of [{}, { mailOutbox: false, smtpUrl: null }]) {
    const server = await startTestServer(overrides);
    t.teardown(server.close);
    const blocked = await createMember(server.ctx, { blocked: true });
    const before = await snapshot(server, blocked.user);
    const response = await verify(server, blocked.token);
    t.is(response.status, 403);
    t.deepEqual(response.body, { message: 'User is Blocked', code: 'USER_BLOCKED' });
    t.deepEqual(await snapshot(server, blocked.user), before);
  }
});

test('verify error 1: 501 MAIL_CONFIG_MISSING, before EMAIL_VERIFIED', async (t) => {
  const server = await startTestServer({ mailOutbox: false, smtpUrl: null });
  t.teardown(server.close);
  for (const persona of [await createMember(server.ctx), await verifiedMember(server)]) {
    const before = await snapshot(server, persona.user);
    const response = await verify(server, persona.token);
    t.is(response.status, 501);
    t.deepEqual(response.body, MAIL_MISSING);
    t.deepEqual(await snapshot(server, persona.user), before);
  }
});

test('verify error 2: an already verified user gets 409 EMAIL_VERIFIED and nothing is mailed', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const member = await verifiedMember(server);
  const before = await snapshot(server, member.user);
  const response = await verify(server, member.token);
  t.is(response.status, 409);
  t.deepEqual(response.body, VERIFIED);
  t.deepEqual(await snapshot(server, member.user), before);
});

test('verify reads the body first: malformed JSON is 400 INVALID_JSON before authentication', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('POST', '/auth/email/verify', {
    rawBody: '{oops',
    headers: { 'content-type': 'application/json' },
  });
  t.is(response.status, 400);
  t.deepEqual(response.body, { message: 'Request body is not valid JSON', code: 'INVALID_JSON' });
});

// ---- POST /auth/email/validate -----------------------------------------------------------------------

test('validate verifies the email, stamps updatedAt and deletes only the verify tokens', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const member = await createMember(server.ctx);
  const reset = await issue(server, member.user, 'reset');
  const token = await issue(server, member.user, 'verify');
  const startedAt = new Date().toISOString();
  const response = await validate(server, { token });
  t.is(response.status, 200);
  t.deepEqual(response.body, OK);
  const stored = await server.ctx.storage.users.get(member.user.id);
  t.true(stored?.isVerified);
  t.true((stored?.updatedAt ?? '') >= startedAt, stored?.updatedAt);
  t.is(await server.ctx.storage.mailTokens.getByHash(hashMailToken(token)), undefined);
  t.like(await server.ctx.storage.mailTokens.getByHash(hashMailToken(reset)), { purpose: 'reset' });
});

const validateShapeRows: Array<[string, Record<string, unknown>, unknown]> = [
  ['token a number', { token: 42 }, validationError('token', 'token must be a string')],
  ['token a boolean', { token: true }, validationError('token', 'token must be a string')],
  ['token an array', { token: ['abc'] }, validationError('token', 'token must be a string')],
  ['token an object', { token: { value: 'abc' } }, validationError('token', 'token must be a string')],
  ['NUL in the token', { token: 'ab\u0000cd' }, validationError('token', 'token must not contain NUL characters')],
  ['token absent', {}, MISSING_TOKEN],
  ['token null', { token: null }, MISSING_TOKEN],
  ['token empty', { token: '' }, MISSING_TOKEN],
  ['token unknown', { token: 'f'.repeat(64) }, INVALID_TOKEN],
  ['token not hex at all', { token: 'hello' }, INVALID_TOKEN],
  ['token blank', { token: '   ' }, INVALID_TOKEN],
];

for (const [title, body, expected] of validateShapeRows) {
  test(`validate error: ${title}`, async (t) => {
    const server = await startTestServer();
    t.teardown(server.close);
    const member = await createMember(server.ctx);
    await issue(server, member.user, 'verify');
    const before = await snapshot(server, member.user);
    const response = await validate(server, body);
    t.is(response.status, 400);
    t.deepEqual(response.body, expected);
    t.deepEqual(await snapshot(server, member.user), before);
  });
}

test('validate error: a reset token is not a verification token', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const member = await createMember(server.ctx);
  const reset = await issue(server, member.user, 'reset');
  const before = await snapshot(server, member.user);
  const response = await validate(server, { token: reset });
  t.is(response.status, 400);
  t.deepEqual(response.body, INVALID_TOKEN);
  t.deepEqual(await snapshot(server, member.user), before);
});

test('validate error: an expired token is refused; one still inside its 2 hours is accepted', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const member = await createMember(server.ctx);
  const expired = await issue(server, member.user, 'verify', new Date(Date.now() - 2 * HOUR_MS - 1000));
  const before = await snapshot(server, member.user);
  const response = await validate(server, { token: expired });
  t.is(response.status, 400);
  t.deepEqual(response.body, INVALID_TOKEN);
  t.deepEqual(await snapshot(server, member.user), before);
  const fresh = await issue(server, member.user, 'verify', new Date(Date.now() - 2 * HOUR_MS + 60_000));
  t.is((await validate(server, { token: fresh })).status, 200);
});

test('validate error: a token is single use', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const member = await createMember(server.ctx);
  const token = await issue(server, member.user, 'verify');
  t.is((await validate(server, { token })).status, 200);
  const again = await validate(server, { token });
  t.is(again.status, 400);
  t.deepEqual(again.body, INVALID_TOKEN);
});

test('validate error: a token in upper-case hex is not the token that was mailed', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const member = await createMember(server.ctx);
  const token = await issue(server, member.user, 'verify');
  const response = await validate(server, { token: token.toUpperCase() });
  t.is(response.status, 400);
  t.deepEqual(response.body, INVALID_TOKEN);
});

test('validate error: a live token of an already verified user gives 409 and stays usable', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const member = await createMember(server.ctx);
  const token = await issue(server, member.user, 'verify');
  const verified = await server.ctx.storage.transaction((tx) => tx.users.update(member.user.id, { isVerified: true }));
  const before = await snapshot(server, verified);
  const response = await validate(server, { token });
  t.is(response.status, 409);
  t.deepEqual(response.body, VERIFIED);
  t.deepEqual(await snapshot(server, verified), before);
  t.truthy(await server.ctx.storage.mailTokens.getByHash(hashMailToken(token)));
});

test('validate ignores the Authorization header: another user cannot redirect a token', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const member = await createMember(server.ctx);
  const other = await createMember(server.ctx);
  const token = await issue(server, member.user, 'verify');
  const response = await server.request('POST', '/auth/email/validate', { body: { token }, token: other.token });
  t.is(response.status, 200);
  t.true((await server.ctx.storage.users.get(member.user.id))?.isVerified);
  t.false((await server.ctx.storage.users.get(other.user.id))?.isVerified);
});
