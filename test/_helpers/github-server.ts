import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small server answering as GitHub's documented OAuth endpoints do (GitHub is OAuth 2, not
 * OpenID Connect, so there is no real provider to run): authorize redirects back with a code,
 * access_token checks the client, the code and the PKCE verifier, and /user and /user/emails
 * answer for the token's person.
 */

export interface GithubPerson {
  id: number;
  login: string;
  name: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

export interface TestGithub {
  url: string;
  clientId: string;
  clientSecret: string;
  signInAs(person: GithubPerson): void;
  /** GitHub's API (/user, /user/emails) answers 503 while true, as during an outage. */
  apiDown: boolean;
  close(): Promise<void>;
}

interface Pending {
  person: GithubPerson;
  challenge: string;
  redirectUri: string;
}

export async function startTestGithub(): Promise<TestGithub> {
  const clientId = 'Iv1.feedbackd';
  const clientSecret = 'github-client-secret';
  let current: GithubPerson | undefined;
  const codes = new Map<string, Pending>();
  const tokens = new Map<string, GithubPerson>();
  const server = createServer((req, res) => {
    void answer(req, res).catch(() => send(res, 500, { message: 'test server error' }));
  });
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://github.test');
    if (url.pathname === '/login/oauth/authorize') return authorize(url, res);
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') return accessToken(new URLSearchParams(await body(req)), req, res);
    const person = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
    if (!person) return send(res, 401, { message: 'Requires authentication' });
    if (handle.apiDown) return send(res, 503, { message: 'Service unavailable' });
    if (url.pathname === '/user')
      return send(res, 200, { id: person.id, login: person.login, name: person.name, avatar_url: `https://avatars.githubusercontent.com/u/${person.id}` });
    if (url.pathname === '/user/emails')
      return send(
        res,
        200,
        person.emails.map((email) => ({ ...email, visibility: null })),
      );
    send(res, 404, { message: 'Not Found' });
  }
  function authorize(url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri')!;
    if (url.searchParams.get('client_id') !== clientId || !current || url.searchParams.get('code_challenge_method') !== 'S256') {
      send(res, 400, { message: 'bad request' });
      return;
    }
    const code = randomBytes(10).toString('hex');
    codes.set(code, { person: current, challenge: url.searchParams.get('code_challenge')!, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(302, { location: back.href }).end();
  }
  function accessToken(form: URLSearchParams, req: IncomingMessage, res: ServerResponse): void {
    const pending = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const clientOk = form.get('client_id') === clientId && form.get('client_secret') === clientSecret;
    // GitHub answers a bad code with 200 and an error field; JSON when asked for it.
    if (!pending || !clientOk || pending.challenge !== challenge || pending.redirectUri !== form.get('redirect_uri')) {
      send(res, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
      return;
    }
    if (!/application\/json/.test(req.headers.accept ?? '')) {
      send(res, 406, { message: 'ask for JSON' });
      return;
    }
    const token = `gho_${randomBytes(16).toString('hex')}`;
    tokens.set(token, pending.person);
    send(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const handle: TestGithub = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId,
    clientSecret,
    signInAs: (person) => {
      current = person;
    },
    apiDown: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return handle;
}

function send(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}
