import { randomBytes } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import type { ParsedMail } from 'mailparser';
import type { Config } from '../../src/config/types.js';
import { hashMailToken, issueMailToken } from '../../src/services/mail-tokens.js';
import { createMember, OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.js';

const PUBLIC_URL = 'https://feedback.example.org';
const LINK = /^https:\/\/feedback\.example\.org\/sign-in\/link\?token=([0-9a-f]{64})(?:&next=(\S+))?$/m;

const SUCCESS = { magicLink: { success: true, lifetimeSeconds: 900 } };
const MISSING_TOKEN = { message: 'Sign-in link token missing', code: 'MISSING_TOKEN' };
const INVALID_TOKEN = { message: 'Sign-in link is invalid', code: 'INVALID_TOKEN' };
const USED = { message: 'This sign-in link has already been used', code: 'MAGIC_LINK_USED' };
const EXPIRED = { message: 'This sign-in link has expired', code: 'MAGIC_LINK_EXPIRED' };
const EMAIL_INVALID = { message: 'Enter valid email', code: 'EMAIL_INVALID' };
const USER_BLOCKED = { message: 'User is Blocked', code: 'USER_BLOCKED' };
const SIGNUP_NOT_ALLOWED = { message: 'You do not have permission to perform this action.', code: 'SIGNUP_NOT_ALLOWED' };
const MAIL_CONFIG_MISSING = { message: 'Mail configuration missing', code: 'MAIL_CONFIG_MISSING' };
const RATE_LIMITED = { message: 'Too many attempts. Try again later.', code: 'RATE_LIMITED' };

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });

/**
 * A set-up site ("Acme", sign-up open) whose mail goes to a real SMTP sink on loopback; the owner's
 * verification mail has arrived and their confirmation link is gone, so the sink and the mail-token
 * table start empty.
 */
async function startSite(t: ExecutionContext, config: Partial<Config> = {}): Promise<{ server: TestServer; sink: SmtpSink }> {
  const sink = await startSmtpSink();
  const server = await startTestServer({ smtpUrl: sink.url, mailOutbox: false, publicUrl: PUBLIC_URL, ...config });
  t.teardown(async () => {
    await server.close();
    await sink.close();
  });
  const setup = await post(server, '/auth/setup', { ...OWNER, siteTitle: 'Acme' });
  if (setup.status !== 201) throw new Error(`setup failed: ${setup.text}`);
  await sink.waitForMessages(1);
  sink.messages.length = 0;
  await server.ctx.storage.transaction((tx) => tx.mailTokens.deleteByUser(setup.body.user.userId, 'verify'));
  return { server, sink };
}

const post = (server: TestServer, path: string, body: unknown) => server.request('POST', path, { body });

/** Asks for a link and returns the token of the mail that arrives (the `index`-th since the sink was emptied). */
async function mailedLink(server: TestServer, sink: SmtpSink, body: Record<string, unknown>, index = 0) {
  const response = await post(server, '/auth/magic-link', body);
  if (response.status !== 200) throw new Error(`magic-link: ${response.status} ${response.text}`);
  const mail = (await sink.waitForMessages(index + 1))[index];
  const found = mail?.text?.match(LINK);
  if (!found) throw new Error(`no sign-in link in: ${mail?.text}`);
  return { mail: mail as ParsedMail, token: found[1]!, next: found[2] === undefined ? null : decodeURIComponent(found[2]) };
}

function recipientOf(mail: ParsedMail | undefined): string {
  return mail?.to && 'text' in mail.to ? mail.to.text : '';
}

// ---- asking for a link ----

test('a member asks for a link: the mail greets them, says the lifetime in words and what to do if they did not ask', async (t) => {
  const { server, sink } = await startSite(t);
  await createMember(server.ctx, { email: 'jane@example.org', name: 'Jane' });
  const { mail, token, next } = await mailedLink(server, sink, { email: '  Jane@Example.ORG ' });
  t.is(recipientOf(mail), 'jane@example.org');
  t.is(mail.subject, 'Acme - Your sign-in link');
  t.true(mail.text?.startsWith('Hi Jane,\n\nTo sign in to your Acme account, open this link:\n'), mail.text);
  t.regex(mail.text ?? '', /This link works once, for 15 minutes\. If you did not ask for it, you can ignore this email/);
  t.is(next, null);
  const stored = await server.ctx.storage.mailTokens.getByHash(hashMailToken(token));
  t.like(stored, { userId: null, purpose: 'signin', email: 'jane@example.org' });
  t.is(stored?.usedAt, undefined);
  t.is(Date.parse(stored!.expiresAt) - Date.parse(stored!.createdAt), 900_000);
  await server.ctx.background.idle();
  const [logged] = await server.ctx.storage.mailLog.list(1);
  t.like(logged, { to: 'jane@example.org', kind: 'signin', status: 'sent' });
});

test('the lifetime in the mail follows magicLinkTtlSeconds', async (t) => {
  const { server, sink } = await startSite(t, { magicLinkTtlSeconds: 3600 });
  const { mail } = await mailedLink(server, sink, { email: OWNER.email });
  t.regex(mail.text ?? '', /This link works once, for 1 hour\./);
});

test('a same-site next path rides in the link', async (t) => {
  const { server, sink } = await startSite(t);
  const { next } = await mailedLink(server, sink, { email: OWNER.email, next: '/p/dark-mode-x1?from=board&x=ä' });
  t.is(next, '/p/dark-mode-x1?from=board&x=ä');
});

test('known and unknown addresses get the same status and body; with sign-up off the unknown one gets no mail and nothing is stored', async (t) => {
  const { server, sink } = await startSite(t);
  await server.ctx.storage.settings.update({ allowSignup: false });
  const known = await post(server, '/auth/magic-link', { email: OWNER.email });
  const unknown = await post(server, '/auth/magic-link', { email: 'nobody@example.org' });
  t.deepEqual([known.status, known.body], [200, SUCCESS]);
  t.deepEqual([unknown.status, unknown.text], [known.status, known.text]);
  await server.ctx.background.idle();
  t.deepEqual(sink.messages.map(recipientOf), [OWNER.email]);
  t.is(await server.ctx.storage.mailTokens.count(), 1);
});

test('with sign-up open, an unknown address gets a link that creates its account, verified and nameless, when used', async (t) => {
  const { server, sink } = await startSite(t);
  const { mail, token } = await mailedLink(server, sink, { email: 'New.Person@Example.org' });
  t.true(mail.text?.startsWith('Hello,\n\nSomeone asked to sign in to Acme with this address, which has no account yet.'), mail.text);
  t.is(await server.ctx.storage.users.getByEmail('new.person@example.org'), undefined, 'no account before the link is used');
  const login = await post(server, '/auth/magic-link/login', { token });
  t.is(login.status, 200);
  t.like(login.body.user, { email: 'new.person@example.org', name: '' });
  t.regex(login.body.user.username, /^new\.person_[0-9a-z]{8}$/);
  const user = await server.ctx.storage.users.getByEmail('new.person@example.org');
  t.like(user, { isVerified: true, isOwner: false, isBlocked: false });
  const me = await server.request('GET', '/users/profile', { token: login.body.user.authToken });
  t.is(me.status, 200);
  await server.ctx.background.idle();
  t.is(sink.messages.length, 1, 'no verification mail for an address the link has proven');
});

test('a link of an unknown address is refused when sign-up was closed before it was used, and stays unused', async (t) => {
  const { server, sink } = await startSite(t);
  const { token } = await mailedLink(server, sink, { email: 'late@example.org' });
  await server.ctx.storage.settings.update({ allowSignup: false });
  const refused = await post(server, '/auth/magic-link/login', { token });
  t.deepEqual([refused.status, refused.body], [403, SIGNUP_NOT_ALLOWED]);
  t.is((await server.ctx.storage.mailTokens.getByHash(hashMailToken(token)))?.usedAt, undefined);
  await server.ctx.storage.settings.update({ allowSignup: true });
  t.is((await post(server, '/auth/magic-link/login', { token })).status, 200);
});

test('asking twice gives two links; each works once', async (t) => {
  const { server, sink } = await startSite(t);
  const first = await mailedLink(server, sink, { email: OWNER.email });
  const second = await mailedLink(server, sink, { email: OWNER.email }, 1);
  t.not(first.token, second.token);
  t.is((await post(server, '/auth/magic-link/login', { token: second.token })).status, 200);
  t.is((await post(server, '/auth/magic-link/login', { token: first.token })).status, 200);
  t.deepEqual((await post(server, '/auth/magic-link/login', { token: first.token })).body, USED);
});

// ---- using a link ----

test('the link signs in once, as login answers; a second use says it was used', async (t) => {
  const { server, sink } = await startSite(t);
  const { token } = await mailedLink(server, sink, { email: OWNER.email });
  const login = await post(server, '/auth/magic-link/login', { token });
  t.is(login.status, 200);
  t.like(login.body.user, { email: OWNER.email, name: OWNER.name });
  t.false(login.text.includes(token));
  const posted = await server.request('POST', '/posts', { token: login.body.user.authToken, body: { title: 'Signed in by mail' } });
  t.is(posted.status, 201);
  const again = await post(server, '/auth/magic-link/login', { token });
  t.deepEqual([again.status, again.body], [400, USED]);
  t.truthy((await server.ctx.storage.mailTokens.getByHash(hashMailToken(token)))?.usedAt);
});

test('using a link marks an unverified account verified and drops its confirmation link', async (t) => {
  const { server, sink } = await startSite(t);
  const { user } = await createMember(server.ctx, { email: 'jane@example.org' });
  await server.ctx.storage.transaction((tx) => issueMailToken(tx, user.id, 'verify', new Date()));
  const { token } = await mailedLink(server, sink, { email: 'jane@example.org' });
  t.is((await post(server, '/auth/magic-link/login', { token })).status, 200);
  t.true((await server.ctx.storage.users.get(user.id))?.isVerified);
  t.is(await server.ctx.storage.mailTokens.count(), 1, 'only the used sign-in link is left');
});

/** Sets a stored link's expiry, for the cases where waiting for the clock would race the mail's delivery. */
async function expireAt(server: TestServer, token: string, expiresAt: Date): Promise<void> {
  const row = await server.ctx.storage.mailTokens.getByHash(hashMailToken(token));
  await server.ctx.storage.transaction((tx) => tx.mailTokens.update(row!.id, { expiresAt: expiresAt.toISOString() }));
}

/** Waits until a stored link has expired by the clock. */
async function outlive(server: TestServer, token: string): Promise<void> {
  const row = await server.ctx.storage.mailTokens.getByHash(hashMailToken(token));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(row!.expiresAt) - Date.now() + 50)));
}

test('a link past magicLinkTtlSeconds says it has expired; one used and since expired says it was used', async (t) => {
  const { server, sink } = await startSite(t, { magicLinkTtlSeconds: 1 });
  const unused = await mailedLink(server, sink, { email: OWNER.email });
  t.regex(unused.mail.text ?? '', /This link works once, for 1 second\./);
  await outlive(server, unused.token);
  const expired = await post(server, '/auth/magic-link/login', { token: unused.token });
  t.deepEqual([expired.status, expired.body], [400, EXPIRED]);

  const used = await mailedLink(server, sink, { email: OWNER.email }, 1);
  await expireAt(server, used.token, new Date(Date.now() + 60_000));
  t.is((await post(server, '/auth/magic-link/login', { token: used.token })).status, 200);
  await expireAt(server, used.token, new Date(Date.now() - 1000));
  t.deepEqual((await post(server, '/auth/magic-link/login', { token: used.token })).body, USED);
});

test('dead links are swept once older than magicLinkRetentionSeconds past their expiry; then they are unknown', async (t) => {
  const { server, sink } = await startSite(t, { magicLinkTtlSeconds: 1, magicLinkRetentionSeconds: 0 });
  const old = await mailedLink(server, sink, { email: OWNER.email });
  await outlive(server, old.token);
  t.deepEqual((await post(server, '/auth/magic-link/login', { token: old.token })).body, EXPIRED);
  await mailedLink(server, sink, { email: 'someone.else@example.org' }, 1);
  t.deepEqual((await post(server, '/auth/magic-link/login', { token: old.token })).body, INVALID_TOKEN);
  t.is(await server.ctx.storage.mailTokens.count(), 1);
});

test('a blocked user gets a link that signs nobody in, and it stays unused', async (t) => {
  const { server, sink } = await startSite(t);
  await createMember(server.ctx, { email: 'blocked@example.org', blocked: true });
  const { token } = await mailedLink(server, sink, { email: 'blocked@example.org' });
  for (let attempt = 0; attempt < 2; attempt++) {
    const refused = await post(server, '/auth/magic-link/login', { token });
    t.deepEqual([refused.status, refused.body], [403, USER_BLOCKED]);
  }
  t.is((await server.ctx.storage.mailTokens.getByHash(hashMailToken(token)))?.usedAt, undefined);
});

test('two concurrent uses of one link: exactly one signs in, the other is told it was used', async (t) => {
  const { server, sink } = await startSite(t);
  const { token } = await mailedLink(server, sink, { email: 'racer@example.org' });
  const answers = await Promise.all([0, 1, 2].map(() => post(server, '/auth/magic-link/login', { token })));
  t.deepEqual(answers.map((answer) => answer.status).sort(), [200, 400, 400]);
  for (const answer of answers.filter((one) => one.status === 400)) t.deepEqual(answer.body, USED);
  const winner = answers.find((answer) => answer.status === 200)!;
  t.like(await server.ctx.storage.users.getByEmail('racer@example.org'), { id: winner.body.user.userId });
  t.is(await server.ctx.storage.users.count(), 2, 'the owner and one new account');
});

test('a reset or verification token is no sign-in link', async (t) => {
  const { server } = await startSite(t);
  const owner = (await server.ctx.storage.users.getOwner())!;
  for (const purpose of ['reset', 'verify'] as const) {
    const token = await server.ctx.storage.transaction((tx) => issueMailToken(tx, owner.id, purpose, new Date()));
    t.deepEqual((await post(server, '/auth/magic-link/login', { token })).body, INVALID_TOKEN, purpose);
  }
});

// ---- bad input ----

const requestRows: Array<[string, Record<string, unknown>, unknown]> = [
  ['email not a string', { email: 42 }, validationError('email', 'email must be a string')],
  ['email absent', {}, EMAIL_INVALID],
  ['email invalid', { email: 'jane@' }, EMAIL_INVALID],
  ['next not a string', { email: OWNER.email, next: 7 }, validationError('next', 'next must be a string')],
  ['next another site', { email: OWNER.email, next: '//evil.example/x' }, validationError('next', 'next must be a path on this site, starting with a single /')],
  ['next a URL', { email: OWNER.email, next: 'https://evil.example/' }, validationError('next', 'next must be a path on this site, starting with a single /')],
  ['next with a backslash', { email: OWNER.email, next: '/\\evil.example' }, validationError('next', 'next must be a path on this site, starting with a single /')],
  ['next with a tab', { email: OWNER.email, next: '/\t/evil.example' }, validationError('next', 'next must be a path on this site, starting with a single /')],
  ['next too long', { email: OWNER.email, next: `/${'a'.repeat(2000)}` }, validationError('next', 'next cannot exceed 2000 characters')],
];

for (const [title, body, expected] of requestRows) {
  test(`magic-link error: ${title}; nothing stored or mailed`, async (t) => {
    const { server, sink } = await startSite(t);
    const response = await post(server, '/auth/magic-link', body);
    t.deepEqual([response.status, response.body], [400, expected]);
    await server.ctx.background.idle();
    t.is(sink.messages.length, 0);
    t.is(await server.ctx.storage.mailTokens.count(), 0);
  });
}

test('magic-link without mail configured answers 501 before reading the body', async (t) => {
  const server = await startTestServer({ mailOutbox: false, smtpUrl: null });
  t.teardown(server.close);
  for (const body of [{ email: OWNER.email }, { email: 42 }]) {
    t.deepEqual((await post(server, '/auth/magic-link', body)).body, MAIL_CONFIG_MISSING);
  }
});

const tokenRows: Array<[string, Record<string, unknown>, unknown]> = [
  ['token not a string', { token: 42 }, validationError('token', 'token must be a string')],
  ['token absent', {}, MISSING_TOKEN],
  ['token empty', { token: '' }, MISSING_TOKEN],
  ['token unknown', { token: randomBytes(32).toString('hex') }, INVALID_TOKEN],
  ['token garbled', { token: 'not-a-token' }, INVALID_TOKEN],
];

for (const [title, body, expected] of tokenRows) {
  test(`magic-link/login error: ${title}`, async (t) => {
    const { server } = await startSite(t);
    const response = await post(server, '/auth/magic-link/login', body);
    t.deepEqual([response.status, response.body], [400, expected]);
  });
}

// ---- rate limits ----

test('magic-link: every request counts, per address and per email; past the limit 429 with Retry-After', async (t) => {
  const { server, sink } = await startSite(t, { magicLinkRateLimit: { limit: 2, windowSeconds: 60 } });
  for (const email of [OWNER.email, 'nobody@example.org']) t.is((await post(server, '/auth/magic-link', { email })).status, 200);
  const refused = await post(server, '/auth/magic-link', { email: 'third@example.org' });
  t.deepEqual([refused.status, refused.body], [429, RATE_LIMITED]);
  t.regex(refused.headers.get('retry-after') ?? '', /^(59|60)$/);
  await server.ctx.background.idle();
  t.is(sink.messages.length, 2);
});

test('magic-link/login spends the address’s failed logins: link failures and wrong passwords share one counter', async (t) => {
  const { server, sink } = await startSite(t, { loginRateLimit: { limit: 3, windowSeconds: 60 } });
  const { token } = await mailedLink(server, sink, { email: OWNER.email });
  t.is((await post(server, '/auth/magic-link/login', { token: 'wrong' })).status, 400);
  t.is((await post(server, '/auth/login', { email: OWNER.email, password: 'wrong password' })).status, 403);
  t.is((await post(server, '/auth/magic-link/login', { token: 'wrong again' })).status, 400);
  const refused = await post(server, '/auth/magic-link/login', { token });
  t.deepEqual([refused.status, refused.body], [429, RATE_LIMITED]);
  t.regex(refused.headers.get('retry-after') ?? '', /^(59|60)$/);
  t.deepEqual((await post(server, '/auth/login', OWNER)).body, RATE_LIMITED);
});

test('a successful link sign-in does not count against the address', async (t) => {
  const { server, sink } = await startSite(t, { loginRateLimit: { limit: 2, windowSeconds: 60 } });
  for (let i = 0; i < 3; i++) {
    const { token } = await mailedLink(server, sink, { email: OWNER.email }, i);
    t.is((await post(server, '/auth/magic-link/login', { token })).status, 200);
  }
});
