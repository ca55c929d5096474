import test, { type ExecutionContext } from 'ava';
import { OWNER } from '../_helpers/personas.js';
import { browse, CookieJar, followUntil } from '../_helpers/oidc-provider.js';
import { type GithubPerson, startTestGithub, type TestGithub } from '../_helpers/github-server.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/*
 * `--preset github` (issue 28 §2): GitHub's OAuth 2 with PKCE and state, the person from /user and
 * the verified primary address from /user/emails, against a local server answering as GitHub's
 * documented endpoints do (githubUrl and githubApiUrl point at it). Both engines.
 */

async function setUp(t: ExecutionContext): Promise<{ server: TestServer; github: TestGithub }> {
  const github = await startTestGithub();
  t.teardown(github.close);
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const server = await startTestServer({ port, publicUrl: `http://127.0.0.1:${port}`, githubUrl: github.url, githubApiUrl: github.url });
  t.teardown(server.close);
  const ownerToken: string = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  const added = await server.request('POST', '/sso/providers', {
    token: ownerToken,
    body: { providerId: 'github', preset: 'github', clientId: github.clientId, clientSecret: github.clientSecret },
  });
  t.is(added.status, 201, added.text);
  return { server, github };
}

async function signIn(server: TestServer, github: TestGithub, person: GithubPerson, alter?: (url: URL) => void) {
  github.signInAs(person);
  const jar = new CookieJar();
  const start = await browse(jar, `${server.url}/api/v1/auth/oidc/github/start?next=/p/x`);
  const callback = new URL(await followUntil(jar, start.headers.get('location')!, `${server.url}/api/v1/auth/oidc/`));
  alter?.(callback);
  await browse(jar, callback.href);
  const exchange = await fetch(`${server.url}/api/v1/auth/oidc/exchange`, { method: 'POST', headers: { cookie: jar.header(server.url) } });
  return {
    status: exchange.status,
    body: (await exchange.json()) as { user?: { userId: string; email: string; name: string }; next?: string; code?: string; message?: string },
  };
}

const octo = (emails: GithubPerson['emails'], id = 42): GithubPerson => ({ id, login: 'octocat', name: 'Mona Octocat', emails });

test('a GitHub person signs in with their verified primary address and is found by their GitHub id the next time', async (t) => {
  const { server, github } = await setUp(t);
  const emails = [
    { email: 'other@example.com', primary: false, verified: true },
    { email: 'mona@example.com', primary: true, verified: true },
  ];
  const first = await signIn(server, github, octo(emails));
  t.is(first.status, 200, JSON.stringify(first.body));
  t.like(first.body, { next: '/p/x', user: { email: 'mona@example.com', name: 'Mona Octocat' } });
  const moved = await signIn(server, github, octo([{ email: 'mona@new.example', primary: true, verified: true }]));
  t.is(moved.body.user?.userId, first.body.user?.userId);
});

test("an unverified primary address is refused in words, even with a verified secondary one; GitHub's API failing is a 502 in words", async (t) => {
  const { server, github } = await setUp(t);
  const refused = await signIn(
    server,
    github,
    octo([
      { email: 'mona@example.com', primary: true, verified: false },
      { email: 'other@example.com', primary: false, verified: true },
    ]),
  );
  t.is(refused.status, 403);
  t.deepEqual(refused.body, { message: "Your GitHub account's email is not verified: verify it there, then try again", code: 'OIDC_EMAIL_UNVERIFIED' });
  // GitHub's API failing after the code exchange: a 502 in words, and no account.
  github.apiDown = true;
  const down = await signIn(server, github, octo([{ email: 'down@example.com', primary: true, verified: true }], 43));
  t.is(down.status, 502);
  t.deepEqual(down.body, { message: 'The sign-in provider could not be reached or answered wrongly; try again later', code: 'AUTH_PROVIDER_UNAVAILABLE' });
  t.is(await server.ctx.storage.users.getByEmail('down@example.com'), undefined);
});

test('a wrong code or state is refused', async (t) => {
  const { server, github } = await setUp(t);
  const person = octo([{ email: 'mona@example.com', primary: true, verified: true }]);
  for (const alter of [(url: URL) => url.searchParams.set('code', 'nope'), (url: URL) => url.searchParams.set('state', 'nope')]) {
    const refused = await signIn(server, github, person, alter);
    t.is(refused.status, 401);
    t.is(refused.body.code, 'OIDC_LOGIN_INVALID');
  }
});
