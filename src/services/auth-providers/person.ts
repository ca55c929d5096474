/*
 * Who the provider says signed in: the ID token's claims (OpenID Connect; the userinfo endpoint
 * when the token leaves the email out), or GitHub's user and its verified primary email.
 */
import * as oidc from 'openid-client';
import { appError } from '../../errors.js';
import type { AuthProviderRow } from '../../storage/types.js';
import type { ServiceContext } from '../context.js';
import { MAX_AVATAR_URL_LENGTH, MAX_SUBJECT_LENGTH } from '../sso/formats.js';
import { parseEmail } from '../validation/account.js';
import { emailUnverified } from './words.js';

export interface ProviderPerson {
  subject: string;
  email: string;
  name: string;
  avatarUrl: string | null;
}

type Tokens = Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;

export async function personOf(ctx: ServiceContext, provider: AuthProviderRow, config: oidc.Configuration, tokens: Tokens): Promise<ProviderPerson> {
  return provider.kind === 'github' ? githubPerson(ctx, provider, config, tokens.access_token) : oidcPerson(provider, config, tokens);
}

async function oidcPerson(provider: AuthProviderRow, config: oidc.Configuration, tokens: Tokens): Promise<ProviderPerson> {
  const idToken = tokens.claims();
  if (!idToken) throw appError('OIDC_LOGIN_INVALID');
  let claims: Record<string, unknown> = idToken;
  if (claims.email === undefined)
    claims = {
      ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)),
      ...idToken,
    };
  if (claims.email_verified !== true) throw emailUnverified(provider);
  return person(provider, idToken.sub, claims.email, claims.name, claims.picture);
}

interface GithubEmail {
  email?: unknown;
  primary?: unknown;
  verified?: unknown;
}

/** GitHub is OAuth 2 only: the person is `/user`, the address the verified primary one of `/user/emails`. */
async function githubPerson(ctx: ServiceContext, provider: AuthProviderRow, config: oidc.Configuration, accessToken: string): Promise<ProviderPerson> {
  const api = ctx.config.githubApiUrl.replace(/\/$/, '');
  const user = (await githubJson(config, accessToken, `${api}/user`)) as Record<string, unknown>;
  const emails = (await githubJson(config, accessToken, `${api}/user/emails`)) as GithubEmail[];
  const primary = Array.isArray(emails) ? emails.find((entry) => entry.primary === true) : undefined;
  if (primary?.verified !== true) throw emailUnverified(provider);
  const id = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : '';
  return person(provider, id, primary.email, user.name ?? user.login, user.avatar_url);
}

async function githubJson(config: oidc.Configuration, accessToken: string, url: string): Promise<unknown> {
  const headers = new Headers({ accept: 'application/vnd.github+json' });
  const response = await oidc.fetchProtectedResource(config, accessToken, new URL(url), 'GET', undefined, headers);
  if (!response.ok) throw appError('AUTH_PROVIDER_UNAVAILABLE');
  return response.json();
}

/** The claims as the account takes them; a provider's answer without a usable subject or address cannot be verified. */
function person(provider: AuthProviderRow, subject: unknown, email: unknown, name: unknown, picture: unknown): ProviderPerson {
  if (typeof subject !== 'string' || subject === '' || subject.length > MAX_SUBJECT_LENGTH) throw appError('OIDC_LOGIN_INVALID');
  let address: string;
  try {
    address = parseEmail(email);
  } catch {
    throw emailUnverified(provider);
  }
  const avatarUrl = typeof picture === 'string' && picture.startsWith('https://') && picture.length <= MAX_AVATAR_URL_LENGTH ? picture : null;
  return {
    subject,
    email: address,
    name: typeof name === 'string' ? name.trim().slice(0, 64) : '',
    avatarUrl,
  };
}
