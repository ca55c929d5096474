import { createServer } from 'node:net';
import test, { type ExecutionContext } from 'ava';
import { ID_TOKEN_FAULTS, type FaultyProvider, startFaultyProvider } from '../_helpers/oidc-faulty-provider.js';
import { browse, CookieJar, followUntil } from '../_helpers/oidc-provider.js';
import { OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/*
 * What a provider sign-in refuses (issue 28 §2), against a provider of the tests' own that can be
 * told to misbehave (test/_helpers/oidc-faulty-provider.ts): an ID token wrong in one way (nonce,
 * issuer, audience, expiry, signature, `alg: none`), a person who refuses at the provider, a
 * provider that cannot be reached. Each lands on the web app's page with the refusal in words
 * (read through POST /auth/oidc/exchange, as the page does) and makes no account. Both engines.
 */

let server: TestServer;
let faulty: FaultyProvider;
let unreachableTokens: FaultyProvider;

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.before(async () => {
  // The public URL must be the server's own address: the provider sends the browser back to it.
  const port = await closedPort();
  // Many refusals come from one address here: the rate limit has its own test (oidc-sign-in.test.ts).
  server = await startTestServer({ port, publicUrl: `http://127.0.0.1:${port}`, loginRateLimit: { limit: 1000, windowSeconds: 60 } });
  faulty = await startFaultyProvider();
  unreachableTokens = await startFaultyProvider({ tokenEndpoint: `http://127.0.0.1:${await closedPort()}/token` });
  const ownerToken: string = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  const providers = [
    { providerId: 'faulty', name: 'Faulty', issuer: faulty.issuer, clientId: faulty.clientId, clientSecret: faulty.clientSecret },
    { providerId: 'away', name: 'Away', issuer: `http://127.0.0.1:${await closedPort()}`, clientId: 'feedbackd', clientSecret: 'away-secret' },
    { providerId: 'halfway', name: 'Halfway', issuer: unreachableTokens.issuer, clientId: unreachableTokens.clientId, clientSecret: unreachableTokens.clientSecret },
  ];
  for (const body of providers) {
    const added = await server.request('POST', '/sso/providers', { token: ownerToken, body });
    if (added.status !== 201) throw new Error(`adding ${body.providerId} failed: ${added.text}`);
  }
});
test.after.always(async () => {
  await server?.close();
  await faulty?.close();
  await unreachableTokens?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: tests read answer fields freely and assert on them.
type ExchangeAnswer = Record<string, any>;

/** Start → provider → callback → the landing page's exchange, as a browser goes. */
async function signIn(providerId: string) {
  const jar = new CookieJar();
  const start = await browse(jar, `${server.url}/api/v1/auth/oidc/${providerId}/start?next=/p/some-idea`);
  let landing = start.headers.get('location');
  if (start.status === 302 && landing && !landing.startsWith('/')) {
    const callback = await followUntil(jar, landing, `${server.url}/api/v1/auth/oidc/`);
    const answer = await browse(jar, callback);
    landing = answer.headers.get('location');
  }
  const exchange = await fetch(`${server.url}/api/v1/auth/oidc/exchange`, { method: 'POST', headers: { cookie: jar.header(server.url) } });
  return { landing, status: exchange.status, body: (await exchange.json()) as ExchangeAnswer };
}

/** Nobody was made or linked for this person. */
async function noAccount(t: ExecutionContext, email: string, subject: string, what: string) {
  t.is(await server.ctx.storage.users.getByEmail(email), undefined, `${what}: no account`);
  t.is(await server.ctx.storage.linkedIdentities.getBySubject('faulty', subject), undefined, `${what}: no linked identity`);
}

test.serial("the test provider's own correct answer signs a person in (so each refusal below is its one fault's)", async (t) => {
  faulty.fault = null;
  faulty.account = { sub: 'correct', email: 'correct@example.com', email_verified: true, name: 'Correct Person' };
  const signedIn = await signIn('faulty');
  t.is(signedIn.landing, '/sign-in/provider');
  t.is(signedIn.status, 200, JSON.stringify(signedIn.body));
  t.like(signedIn.body, { next: '/p/some-idea', user: { email: 'correct@example.com', name: 'Correct Person' } });
});

test.serial('an ID token with a wrong nonce, issuer or audience, expired, signed with another key or unsigned (alg none) is refused in words and makes no account', async (t) => {
  for (const fault of ID_TOKEN_FAULTS) {
    const subject = fault.replace(' ', '-');
    const email = `${subject}@example.com`;
    faulty.fault = fault;
    faulty.account = { sub: subject, email, email_verified: true, name: 'Nobody Yet' };
    const refused = await signIn('faulty');
    t.is(refused.landing, '/sign-in/provider', fault);
    t.is(refused.status, 401, fault);
    t.deepEqual(refused.body, { message: "The sign-in provider's answer could not be verified; try again", code: 'OIDC_LOGIN_INVALID' }, fault);
    await noAccount(t, email, subject, fault);
  }
  faulty.fault = null;
});

test.serial('a person who refuses at the provider (error=access_denied) is told so, and no account is made', async (t) => {
  faulty.deny = true;
  t.teardown(() => {
    faulty.deny = false;
  });
  faulty.account = { sub: 'refuser', email: 'refuser@example.com', email_verified: true };
  const cancelled = await signIn('faulty');
  t.is(cancelled.landing, '/sign-in/provider');
  t.is(cancelled.status, 401);
  t.deepEqual(cancelled.body, { message: 'Faulty did not sign you in (cancelled or refused there); try again', code: 'OIDC_LOGIN_CANCELLED' });
  await noAccount(t, 'refuser@example.com', 'refuser', 'cancelled');
});

test('a provider that cannot be reached, at the start or at its token endpoint, lands on the page with a 502 in words', async (t) => {
  const unavailable = { message: 'The sign-in provider could not be reached or answered wrongly; try again later', code: 'AUTH_PROVIDER_UNAVAILABLE' };
  const away = await signIn('away');
  t.is(away.landing, '/sign-in/provider', 'the start itself lands on the page');
  t.is(away.status, 502);
  t.deepEqual(away.body, unavailable);
  unreachableTokens.account = { sub: 'halfway', email: 'halfway@example.com', email_verified: true };
  const halfway = await signIn('halfway');
  t.is(halfway.landing, '/sign-in/provider');
  t.is(halfway.status, 502);
  t.deepEqual(halfway.body, unavailable);
  t.is(await server.ctx.storage.users.getByEmail('halfway@example.com'), undefined);
});
