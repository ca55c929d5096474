import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

/*
 * A real OpenID provider (oidc-provider) on loopback for the sign-in tests: discovery, keys,
 * authorization code with PKCE, ID tokens and userinfo are its own. Only the login screen is the
 * test's: its interaction ends at once as whichever account the test chose (`signInAs`), through
 * the provider's own interactionFinished, and every grant is given (no consent screen).
 */

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  /** The profile picture's address (the `picture` claim). */
  picture?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A second registered client with the same redirect URIs (for "a code issued to another client"). */
  otherClientId: string;
  accounts: Map<string, TestAccount>;
  /** The subject the next login screen signs in. */
  signInAs(subject: string): void;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUris: string[]): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  let current = '';
  // The port is known once listening, and the issuer names it: listen first on a bare server, then hand it the provider.
  const { createServer } = await import('node:http');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (clientId: string) => ({
    client_id: clientId,
    client_secret: `${clientId}-secret-0123456789`,
    redirect_uris: redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  });
  const provider = new Provider(issuer, {
    clients: [client('feedbackd'), client('another-app')],
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Set, so the provider does not warn about its defaults on every login.
    ttl: {
      Session: 600,
      Interaction: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
    loadExistingGrant: async (ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string };
        provider: { Grant: new (init: object) => Grant };
      };
    }) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx: { path: string; req: unknown; res: unknown; respond: boolean }, next: () => Promise<void>) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    ctx.respond = false;
    await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: current } }, { mergeWithLastSubmission: false });
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId: 'feedbackd',
    clientSecret: 'feedbackd-secret-0123456789',
    otherClientId: 'another-app',
    accounts,
    signInAs: (subject) => {
      current = subject;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Grant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

/** Cookies by origin, as a browser keeps them (enough for these two servers: no paths or expiry beyond Max-Age=0). */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  header(url: string): string {
    const jar = this.byOrigin.get(new URL(url).origin);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  take(url: string, response: Response): void {
    const origin = new URL(url).origin;
    const jar = this.byOrigin.get(origin) ?? new Map<string, string>();
    this.byOrigin.set(origin, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /;\s*max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  }

  copy(): CookieJar {
    const copied = new CookieJar();
    for (const [origin, jar] of this.byOrigin) copied.byOrigin.set(origin, new Map(jar));
    return copied;
  }
}

/** One GET without following redirects, with the jar's cookies; what it set goes into the jar. */
export async function browse(jar: CookieJar, url: string, method = 'GET'): Promise<Response> {
  const response = await fetch(url, {
    method,
    redirect: 'manual',
    headers: { cookie: jar.header(url) },
  });
  jar.take(url, response);
  return response;
}

/** Follows redirects from `url` until one leads to `stopAt` (a prefix), returning that address. */
export async function followUntil(jar: CookieJar, url: string, stopAt: string): Promise<string> {
  let at = url;
  for (let hop = 0; hop < 10; hop++) {
    if (at.startsWith(stopAt)) return at;
    const response = await browse(jar, at);
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${at}: ${response.status}`);
    at = new URL(location, at).href;
  }
  throw new Error(`too many redirects from ${url}`);
}
