import type { ExecutionContext } from 'ava';
import test from 'ava';
import type { ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.js';

const GRACE = { email: 'grace@example.org', password: 'hopper compiler 1952', name: 'Grace Hopper' };
const PUBLIC_URL = 'https://feedback.example.org';
const OK = { verify: { success: true } };
const INVALID_MAIL_TOKEN = { message: 'Email verification token is invalid', code: 'INVALID_TOKEN' };
const INVALID_JWT = { message: 'Invalid JWT token', code: 'INVALID_TOKEN' };
const VERIFIED = { message: 'Your email has already been verified.', code: 'EMAIL_VERIFIED' };
const MAIL_TOKEN = /[0-9a-f]{64}/;

interface Site {
  server: TestServer;
  sink: SmtpSink;
  /** Every log line the server wrote, at debug level. */
  logLines: string[];
}

/** A set-up site titled "Acme" mailing through a real SMTP sink; the owner's setup mail already read. */
async function startSite(t: ExecutionContext, options: { rejectMail?: boolean } = {}): Promise<Site> {
  const sink = await startSmtpSink({ reject: options.rejectMail ?? false });
  const logLines: string[] = [];
  const logger = pino({ level: 'debug', base: undefined }, { write: (line: string) => void logLines.push(line) });
  const server = await startTestServer({ smtpUrl: sink.url, mailOutbox: false, publicUrl: PUBLIC_URL }, { logger });
  t.teardown(async () => {
    await server.close();
    await sink.close();
  });
  const setup = await server.request('POST', '/auth/setup', { body: { ...OWNER, siteTitle: 'Acme' } });
  t.is(setup.status, 201);
  if (!options.rejectMail) await sink.waitForMessages(1);
  return { server, sink, logLines };
}

/** The token of the verification link in the `n`-th mail (1-based) to arrive, checking the message on the way. */
async function verificationToken(t: ExecutionContext, site: Site, n: number, to: string): Promise<string> {
  const mail: ParsedMail | undefined = (await site.sink.waitForMessages(n))[n - 1];
  t.is(mail?.subject, 'Acme - Please confirm your email');
  t.is(mail?.to && 'text' in mail.to ? mail.to.text : '', to);
  t.regex(mail?.text ?? '', /expires in 2 hours/);
  const link = mail?.text?.match(/^https:\/\/feedback\.example\.org\/email-verify\/\?token=([0-9a-f]{64})$/m);
  t.truthy(link, mail?.text);
  return link?.[1] ?? '';
}

const signUp = (site: Site) => site.server.request('POST', '/auth/signup', { body: GRACE });
const validate = (site: Site, token: string) => site.server.request('POST', '/auth/email/validate', { body: { token } });

test('sign up → verification mail → validate → verified; the link is single use; verify again → 409', async (t) => {
  const site = await startSite(t);
  const signup = await signUp(site);
  t.is(signup.status, 201);
  const { userId, authToken } = signup.body.user;
  const token = await verificationToken(t, site, 2, GRACE.email);
  t.false((await site.server.ctx.storage.users.get(userId))?.isVerified);

  const validated = await validate(site, token);
  t.is(validated.status, 200);
  t.deepEqual(validated.body, OK);
  t.true((await site.server.ctx.storage.users.get(userId))?.isVerified);

  const reused = await validate(site, token);
  t.is(reused.status, 400);
  t.deepEqual(reused.body, INVALID_MAIL_TOKEN);
  const resend = await site.server.request('POST', '/auth/email/verify', { token: authToken });
  t.is(resend.status, 409);
  t.deepEqual(resend.body, VERIFIED);
  t.is(site.sink.messages.length, 2);
});

test('verify mails a fresh link and the earlier one stops working', async (t) => {
  const site = await startSite(t);
  const signup = await signUp(site);
  const first = await verificationToken(t, site, 2, GRACE.email);
  const resend = await site.server.request('POST', '/auth/email/verify', { token: signup.body.user.authToken });
  t.is(resend.status, 200);
  t.deepEqual(resend.body, OK);
  const second = await verificationToken(t, site, 3, GRACE.email);
  t.not(second, first);

  const stale = await validate(site, first);
  t.is(stale.status, 400);
  t.deepEqual(stale.body, INVALID_MAIL_TOKEN);
  t.is((await validate(site, second)).status, 200);
  t.true((await site.server.ctx.storage.users.get(signup.body.user.userId))?.isVerified);
});

test('the owner verifies the setup address with the setup mail', async (t) => {
  const site = await startSite(t);
  const token = await verificationToken(t, site, 1, OWNER.email);
  t.is((await validate(site, token)).status, 200);
  const owner = await site.server.ctx.storage.users.getOwner();
  t.true(owner?.isVerified);
});

test('sign up → log in → post; a password change elsewhere revokes both tokens', async (t) => {
  const site = await startSite(t);
  const signup = await signUp(site);
  const login = await site.server.request('POST', '/auth/login', { body: { email: GRACE.email, password: GRACE.password } });
  t.is(login.status, 200);
  t.is(login.body.user.userId, signup.body.user.userId);
  const tokens = [signup.body.user.authToken, login.body.user.authToken];
  for (const token of tokens) {
    t.is((await site.server.request('POST', '/posts', { token, body: { title: 'Mine' } })).status, 201);
  }
  const { storage } = site.server.ctx;
  const user = await storage.users.get(signup.body.user.userId);
  await storage.transaction((tx) => tx.users.update(user!.id, { tokenVersion: user!.tokenVersion + 1 }));
  for (const token of tokens) {
    const refused = await site.server.request('POST', '/posts', { token, body: { title: 'Not any more' } });
    t.is(refused.status, 401);
    t.deepEqual(refused.body, INVALID_JWT);
  }
});

test('sign-up switched off in settings refuses new accounts, login still works', async (t) => {
  const site = await startSite(t);
  await site.server.ctx.storage.transaction((tx) => tx.settings.update({ allowSignup: false }));
  const refused = await signUp(site);
  t.is(refused.status, 403);
  t.deepEqual(refused.body, { message: 'You do not have permission to perform this action.', code: 'SIGNUP_NOT_ALLOWED' });
  const login = await site.server.request('POST', '/auth/login', { body: { email: OWNER.email, password: OWNER.password } });
  t.is(login.status, 200);
  await site.server.ctx.background.idle();
  t.is(site.sink.messages.length, 1);
});

test('mail tokens and passwords never appear in responses or logs, delivered or not', async (t) => {
  for (const rejectMail of [false, true]) {
    const site = await startSite(t, { rejectMail });
    const responses = [await signUp(site)];
    responses.push(await site.server.request('POST', '/auth/email/verify', { token: responses[0]?.body.user.authToken }));
    responses.push(await site.server.request('POST', '/auth/login', { body: { email: GRACE.email, password: GRACE.password } }));
    await site.server.ctx.background.idle();
    for (const response of responses) t.notRegex(response.text, MAIL_TOKEN);
    const log = site.logLines.join('');
    t.notRegex(log, MAIL_TOKEN);
    t.false(log.includes(GRACE.password));
    t.false(log.includes(OWNER.password));
    if (rejectMail) t.regex(log, /mail delivery failed/);
  }
});
