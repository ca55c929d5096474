import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small OpenID provider of the tests' own, on loopback, for what the real one (oidc-provider.ts)
 * will never do: answer with an ID token that is wrong in one chosen way. It speaks the protocol
 * for real — discovery document, JWKS, an authorization endpoint that redirects back with a code,
 * a token endpoint that checks the client's secret, the redirect URI and PKCE, and answers an
 * RS256 ID token signed with its key (node:crypto) — and its knobs bend one thing at a time:
 * `fault` (the ID token), `deny` (the person refuses at the provider: `error=access_denied`).
 */

/** One way the ID token is wrong; null signs a correct one. */
export type IdTokenFault = 'wrong nonce' | 'wrong issuer' | 'wrong audience' | 'expired' | 'another key' | 'alg none';

export const ID_TOKEN_FAULTS: readonly IdTokenFault[] = ['wrong nonce', 'wrong issuer', 'wrong audience', 'expired', 'another key', 'alg none'];

export interface FaultyAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface FaultyProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorization signs in. */
  account: FaultyAccount;
  /** How the next ID token is wrong (null: it is right). */
  fault: IdTokenFault | null;
  /** The next authorization is refused by the person at the provider. */
  deny: boolean;
  close(): Promise<void>;
}

export interface FaultyProviderOptions {
  /** The token endpoint the discovery document names (e.g. a closed port); the provider's own otherwise. */
  tokenEndpoint?: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  nonce: string | undefined;
  challenge: string;
  account: FaultyAccount;
}

const KID = 'faulty-provider-key';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signedJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject | null): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${key ? sign('sha256', Buffer.from(input), key).toString('base64url') : ''}`;
}

export async function startFaultyProvider(options: FaultyProviderOptions = {}): Promise<FaultyProvider> {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const otherKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const codes = new Map<string, IssuedCode>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider: FaultyProvider = {
    issuer,
    clientId: 'feedbackd',
    clientSecret: 'faulty-client-secret-0123456789',
    account: { sub: 'someone', email: 'someone@example.com', email_verified: true },
    fault: null,
    deny: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const idToken = (code: IssuedCode): string => {
    const now = Math.floor(Date.now() / 1000);
    const fault = provider.fault;
    const payload = {
      iss: fault === 'wrong issuer' ? `${issuer}/someone-else` : issuer,
      aud: fault === 'wrong audience' ? 'another-app' : code.clientId,
      sub: code.account.sub,
      iat: fault === 'expired' ? now - 7200 : now,
      exp: fault === 'expired' ? now - 3600 : now + 600,
      ...(code.nonce === undefined ? {} : { nonce: fault === 'wrong nonce' ? 'not-the-nonce-it-was-given' : code.nonce }),
      email: code.account.email,
      email_verified: code.account.email_verified,
      ...(code.account.name ? { name: code.account.name } : {}),
    };
    if (fault === 'alg none') return signedJwt({ alg: 'none', typ: 'JWT' }, payload, null);
    // Another key under the provider's own key id: the signature does not match the published key.
    return signedJwt({ alg: 'RS256', typ: 'JWT', kid: KID }, payload, fault === 'another key' ? otherKeys.privateKey : keys.privateKey);
  };

  const authorize = (url: URL, res: ServerResponse) => {
    const query = url.searchParams;
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== provider.clientId || !redirectUri || query.get('response_type') !== 'code' || query.get('code_challenge_method') !== 'S256') {
      return json(res, 400, { error: 'invalid_request' });
    }
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (provider.deny) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The person refused');
    } else {
      const code = randomBytes(16).toString('base64url');
      codes.set(code, { clientId: provider.clientId, redirectUri, nonce: query.get('nonce') ?? undefined, challenge: query.get('code_challenge') ?? '', account: { ...provider.account } });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.href });
    res.end();
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':')
      .map((part) => decodeURIComponent(part));
    if (id !== provider.clientId || secret !== provider.clientSecret) return json(res, 401, { error: 'invalid_client' });
    const code = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !code ||
      code.redirectUri !== form.get('redirect_uri') ||
      createHash('sha256').update(verifier).digest('base64url') !== code.challenge
    ) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    json(res, 200, { access_token: randomBytes(16).toString('base64url'), token_type: 'Bearer', expires_in: 600, scope: 'openid email profile', id_token: idToken(code) });
  };

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: options.tokenEndpoint ?? `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [{ ...keys.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }] });
    if (url.pathname === '/authorize' && req.method === 'GET') return authorize(url, res);
    if (url.pathname === '/token' && req.method === 'POST') return void token(req, res);
    json(res, 404, { error: 'not_found' });
  });
  return provider;
}
