import test, { type ExecutionContext } from 'ava';
import { OWNER } from '../_helpers/personas.js';
import { browse, CookieJar, followUntil, startTestProvider, type TestProvider } from '../_helpers/oidc-provider.js';
import { PICTURE_SERVER_CERT, startPictureServer } from '../_helpers/picture-server.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../_helpers/server.js';

/*
 * Signing in through a real OpenID provider (oidc-provider on loopback, issue 28 §2), driven as a
 * browser would with fetch and a cookie jar: start → provider → callback → exchange. The refusals
 * land on the web app's page and are read through POST /auth/oidc/exchange. Both engines.
 */

const PUBLIC_URL_HOST = '127.0.0.1';

interface Setup {
  server: TestServer;
  provider: TestProvider;
  ownerToken: string;
}

async function setUp(t: ExecutionContext, providerFields: Record<string, unknown> = {}, config = {}, options: TestServerOptions = {}): Promise<Setup> {
  // The public URL must be the server's own address: the provider sends the browser back to it.
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, PUBLIC_URL_HOST, () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const publicUrl = `http://${PUBLIC_URL_HOST}:${port}`;
  const server = await startTestServer({ port, publicUrl, ...config }, options);
  t.teardown(server.close);
  const provider = await startTestProvider([`${publicUrl}/api/v1/auth/oidc/acme/callback`, `${publicUrl}/api/v1/auth/oidc/staff/callback`]);
  t.teardown(provider.close);
  const ownerToken: string = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  const added = await server.request('POST', '/sso/providers', {
    token: ownerToken,
    body: {
      providerId: 'acme',
      name: 'Acme',
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      ...providerFields,
    },
  });
  t.is(added.status, 201, added.text);
  return { server, provider, ownerToken };
}

/** Start to callback: the address the provider sent the browser back to, and the jar as it was then. */
async function toCallback(setup: Setup, subject: string, next = '/p/some-idea', providerId = 'acme'): Promise<{ jar: CookieJar; callback: string }> {
  const jar = new CookieJar();
  setup.provider.signInAs(subject);
  const start = await browse(jar, `${setup.server.url}/api/v1/auth/oidc/${providerId}/start?next=${encodeURIComponent(next)}`);
  if (start.status !== 302) throw new Error(`start answered ${start.status}`);
  const callback = await followUntil(jar, start.headers.get('location')!, `${setup.server.url}/api/v1/auth/oidc/`);
  return { jar, callback };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answer fields freely and assert on them.
type ExchangeAnswer = Record<string, any>;

/** The callback, then the exchange the landing page makes. */
async function finish(setup: Setup, jar: CookieJar, callback: string) {
  const answer = await browse(jar, callback);
  const landing = answer.headers.get('location');
  const exchange = await fetch(`${setup.server.url}/api/v1/auth/oidc/exchange`, { method: 'POST', headers: { cookie: jar.header(setup.server.url) } });
  jar.take(setup.server.url, exchange);
  return {
    answer,
    landing,
    status: exchange.status,
    body: (await exchange.json()) as ExchangeAnswer,
  };
}

async function signIn(setup: Setup, subject: string, next?: string, providerId?: string) {
  const { jar, callback } = await toCallback(setup, subject, next, providerId);
  return finish(setup, jar, callback);
}

test('a new person signs in through the provider and lands on next; the second sign-in finds them by subject even after their email changed', async (t) => {
  const setup = await setUp(t);
  setup.provider.accounts.set('u-1', {
    email: 'pat@example.com',
    email_verified: true,
    name: 'Pat Provider',
  });
  const first = await signIn(setup, 'u-1', '/p/some-idea');
  t.is(first.answer.status, 302);
  t.is(first.landing, '/sign-in/provider');
  t.is(first.answer.headers.get('referrer-policy'), 'no-referrer');
  t.is(first.status, 200, JSON.stringify(first.body));
  t.is(first.body.next, '/p/some-idea');
  t.like(first.body.user, { email: 'pat@example.com', name: 'Pat Provider' });
  t.true((await setup.server.ctx.storage.users.getByEmail('pat@example.com'))?.isVerified, 'the provider vouched for the address');
  const me = await setup.server.request('GET', '/auth/identities', {
    token: first.body.user.authToken,
  });
  t.deepEqual(
    me.body.identities.map((identity: { provider: string }) => identity.provider),
    ['acme'],
  );

  setup.provider.accounts.set('u-1', {
    email: 'pat.new@example.com',
    email_verified: true,
    name: 'Pat Provider',
  });
  const second = await signIn(setup, 'u-1', '/b/ideas');
  t.is(second.status, 200);
  t.is(second.body.user.userId, first.body.user.userId, 'the same account, found by its subject');
  t.is(second.body.next, '/b/ideas');
});

test("the provider's picture becomes the avatar after the sign-in, fetched once by the server", async (t) => {
  const pictures = await startPictureServer();
  t.teardown(pictures.close);
  const setup = await setUp(t, {}, { avatarFetchAllowPrivate: true }, { avatarFetchCa: PICTURE_SERVER_CERT });
  setup.provider.accounts.set('u-pic', { email: 'pic@example.com', email_verified: true, picture: `${pictures.url}/avatar.png` });
  const first = await signIn(setup, 'u-pic');
  t.is(first.status, 200, JSON.stringify(first.body));
  await setup.server.ctx.background.idle();
  t.is(pictures.requests.get('/avatar.png'), 1);
  const stored = await setup.server.ctx.storage.users.get(first.body.user.userId);
  t.regex(stored?.avatarUploadId ?? '', /^[0-9a-f]{64}$/);
  const second = await signIn(setup, 'u-pic');
  t.is(second.body.user.avatar, `/uploads/${stored?.avatarUploadId}`);
  await setup.server.ctx.background.idle();
  t.is(pictures.requests.get('/avatar.png'), 1, 'the same picture is not fetched again');
  t.is((await fetch(`${setup.server.url}${second.body.user.avatar}`)).status, 200);
});

test('next is a path of this site only', async (t) => {
  const setup = await setUp(t);
  setup.provider.accounts.set('u-1', {
    email: 'pat@example.com',
    email_verified: true,
  });
  for (const next of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
    const signedIn = await signIn(setup, 'u-1', next);
    t.is(signedIn.body.next, '/', next);
  }
});

test('a replayed callback is refused, with or without the login cookie', async (t) => {
  const setup = await setUp(t);
  setup.provider.accounts.set('u-1', {
    email: 'pat@example.com',
    email_verified: true,
  });
  const { jar, callback } = await toCallback(setup, 'u-1');
  const copy = jar.copy();
  t.is((await finish(setup, jar, callback)).status, 200);
  const again = await finish(setup, jar, callback);
  t.is(again.status, 400);
  t.deepEqual(again.body, {
    message: 'This sign-in has expired or was already used; try again',
    code: 'OIDC_LOGIN_EXPIRED',
  });
  // A copy of the cookie holds a code the provider has already redeemed.
  const replayed = await finish(setup, copy, callback);
  t.is(replayed.status, 401);
  t.is(replayed.body.code, 'OIDC_LOGIN_INVALID');
});

test('an altered callback is refused: another state, a wrong code, a code issued to another client', async (t) => {
  const setup = await setUp(t);
  setup.provider.accounts.set('u-1', {
    email: 'pat@example.com',
    email_verified: true,
  });
  for (const alter of [
    (url: URL) => url.searchParams.set('state', 'not-the-state'),
    (url: URL) => url.searchParams.set('code', `${url.searchParams.get('code')}x`),
  ]) {
    const { jar, callback } = await toCallback(setup, 'u-1');
    const altered = new URL(callback);
    alter(altered);
    const refused = await finish(setup, jar, altered.href);
    t.is(refused.status, 401);
    t.deepEqual(refused.body, {
      message: "The sign-in provider's answer could not be verified; try again",
      code: 'OIDC_LOGIN_INVALID',
    });
  }
  // The provider's answer to another app's login (same redirect URI) does not sign anyone in here.
  const { jar } = await toCallback(setup, 'u-1');
  const other = new URL(`${setup.provider.issuer}/auth`);
  const start = new URL((await browse(new CookieJar(), `${setup.server.url}/api/v1/auth/oidc/acme/start`)).headers.get('location')!);
  for (const [name, value] of start.searchParams) other.searchParams.set(name, value);
  other.searchParams.set('client_id', setup.provider.otherClientId);
  const foreign = await followUntil(jar, other.href, `${setup.server.url}/api/v1/auth/oidc/`);
  const refused = await finish(setup, jar, foreign);
  t.not(refused.status, 200);
  t.false(JSON.stringify(refused.body).includes('authToken'));
});

test('an unverified email, a domain outside allowedDomains, and closed sign-up are refused in words', async (t) => {
  const setup = await setUp(t, { allowedDomains: ['acme.com', 'example.com'] });
  setup.provider.accounts.set('unverified', {
    email: 'una@example.com',
    email_verified: false,
  });
  setup.provider.accounts.set('outsider', {
    email: 'out@other.org',
    email_verified: true,
  });
  const unverified = await signIn(setup, 'unverified');
  t.is(unverified.status, 403);
  t.deepEqual(unverified.body, {
    message: "Your Acme account's email is not verified: verify it there, then try again",
    code: 'OIDC_EMAIL_UNVERIFIED',
  });
  const outsider = await signIn(setup, 'outsider');
  t.is(outsider.status, 403);
  t.deepEqual(outsider.body, {
    message: 'Sign-in with Acme is limited to acme.com, example.com addresses',
    code: 'OIDC_DOMAIN_NOT_ALLOWED',
  });

  t.is(
    (
      await setup.server.request('PATCH', '/settings/site', {
        token: setup.ownerToken,
        body: { allowSignup: false },
      })
    ).status,
    200,
  );
  setup.provider.accounts.set('newcomer', {
    email: 'new@acme.com',
    email_verified: true,
  });
  const closed = await signIn(setup, 'newcomer');
  t.is(closed.status, 403);
  t.is(closed.body.code, 'OIDC_SIGNUP_CLOSED');
});

test("the owner's email is refused unless the provider allows the team", async (t) => {
  const setup = await setUp(t);
  setup.provider.accounts.set('boss', {
    email: OWNER.email,
    email_verified: true,
  });
  const refused = await signIn(setup, 'boss');
  t.is(refused.status, 403);
  t.deepEqual(refused.body, {
    message: 'Team members sign in with their own password or provider',
    code: 'SSO_TEAM_ACCOUNT',
  });
  const staff = await setup.server.request('POST', '/sso/providers', {
    token: setup.ownerToken,
    body: {
      providerId: 'staff',
      name: 'Staff',
      issuer: setup.provider.issuer,
      clientId: setup.provider.clientId,
      clientSecret: setup.provider.clientSecret,
      allowTeam: true,
    },
  });
  t.is(staff.status, 201);
  const allowed = await signIn(setup, 'boss', '/admin', 'staff');
  t.is(allowed.status, 200);
  t.is(allowed.body.user.email, OWNER.email);
  t.true((await setup.server.ctx.storage.users.getByEmail(OWNER.email))?.isOwner);
});

test("refused callbacks count on the login's rate limit, and the limit's refusal lands on the page too", async (t) => {
  const setup = await setUp(t, {}, { loginRateLimit: { limit: 2, windowSeconds: 60 } });
  setup.provider.accounts.set('u-1', {
    email: 'pat@example.com',
    email_verified: true,
  });
  for (let i = 0; i < 2; i++) {
    const { jar, callback } = await toCallback(setup, 'u-1');
    const altered = new URL(callback);
    altered.searchParams.set('state', 'x');
    t.is((await finish(setup, jar, altered.href)).status, 401);
  }
  const limited = await signIn(setup, 'u-1');
  t.is(limited.landing, '/sign-in/provider');
  t.is(limited.status, 429);
  t.is(limited.body.code, 'RATE_LIMITED');
  const login = await setup.server.request('POST', '/auth/login', {
    body: { email: OWNER.email, password: OWNER.password },
  });
  t.is(login.status, 429, "the same counter as login's");
});

test('a login begun on one server finishes on another sharing the secret (and, on PostgreSQL, the database): its state is in the cookie, not in a process', async (t) => {
  const setup = await setUp(t);
  setup.provider.accounts.set('u-1', { email: 'pat@example.com', email_verified: true });
  const { jar, callback } = await toCallback(setup, 'u-1', '/p/elsewhere');
  const { config } = setup.server.ctx;
  // Same public URL and secret; the same database on PostgreSQL, a data dir of its own (given the same provider) otherwise.
  const other = await startTestServer({ publicUrl: config.publicUrl, ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}) });
  t.teardown(other.close);
  if (!config.databaseUrl) {
    await other.request('POST', '/auth/setup', { body: OWNER });
    await other.ctx.storage.authProviders.insert((await setup.server.ctx.storage.authProviders.get('acme'))!);
  }
  const moved = new URL(callback);
  // The browser's login cookie, as if both servers were behind the one public address.
  const answer = await fetch(`${other.url}${moved.pathname}${moved.search}`, { redirect: 'manual', headers: { cookie: jar.header(setup.server.url) } });
  t.is(answer.status, 302);
  // The handoff cookie was set by the other server's origin: carry it there.
  const cookie = answer.headers
    .getSetCookie()
    .find((line) => line.startsWith('feedbackd_oidc_handoff='))!
    .split(';')[0]!;
  const exchange = await other.request('POST', '/auth/oidc/exchange', { headers: { cookie } });
  t.is(exchange.status, 200, exchange.text);
  t.is(exchange.body.next, '/p/elsewhere');
  t.is(exchange.body.user.email, 'pat@example.com');
});

test('an account made by a provider’s sign-in starts in the language of the browser that finished it (issue 33)', async (t) => {
  const setup = await setUp(t);
  setup.provider.accounts.set('u-uk', { email: 'oksana@example.com', email_verified: true, name: 'Oksana' });
  const { jar, callback } = await toCallback(setup, 'u-uk');
  // The callback as a browser sends it, with the language menu's cookie beside the login's.
  const answer = await fetch(callback, { redirect: 'manual', headers: { cookie: `${jar.header(callback)}; feedbackd_locale=uk`, 'accept-language': 'de' } });
  jar.take(setup.server.url, answer);
  const exchange = await fetch(`${setup.server.url}/api/v1/auth/oidc/exchange`, { method: 'POST', headers: { cookie: jar.header(setup.server.url) } });
  t.is(exchange.status, 200);
  const { user } = (await exchange.json()) as ExchangeAnswer;
  const language = await setup.server.request('GET', '/auth/language', { token: user.authToken });
  t.is(language.body.language.locale, 'uk');
});
