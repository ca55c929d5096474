/*
 * The browser's way through a provider (issue 28 §2): authorization code with PKCE (S256), state
 * and nonce. What must outlive the trip to the provider — state, nonce, code verifier, where to
 * land — is sealed (services/sealed.ts) into a cookie the browser brings back to the callback: no
 * table to clean, and any server sharing the install's secret can finish a login another began,
 * after a restart too. The cookie is cleared by the callback that uses it, and a replay with a
 * copy of it holds a code the provider has already redeemed.
 */
import type { Locale } from '../../i18n/locales.js';
import { fetchAvatarLater } from '../sign-in-avatar.js';
import * as oidc from 'openid-client';
import { AppError, appError } from '../../errors.js';
import type { AuthProviderRow, UserRow } from '../../storage/types.js';
import type { ServiceContext } from '../context.js';
import { PROVIDER_ID } from '../sso/formats.js';
import { providerAccount } from './account.js';
import { clientConfigFor } from './client-config.js';
import { personOf } from './person.js';
import { loginCancelled } from './words.js';

const LOGIN_PURPOSE = 'oidc-login';

interface LoginState {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  next: string;
}

/** Where a provider sends the browser back: `<publicUrl>/api/v1/auth/oidc/<id>/callback`, the redirect URI to register. */
export function callbackPath(providerId: string): string {
  return `/api/v1/auth/oidc/${providerId}/callback`;
}

/** The redirect URI itself; appended, not resolved, so a sub-path in publicUrl (issue 33 §2) stays in it. */
function callbackUrl(ctx: ServiceContext, providerId: string): string {
  return `${ctx.config.publicUrl}${callbackPath(providerId)}`;
}

/** An enabled provider by the id in a path; 404 in words otherwise. */
export async function enabledProvider(ctx: ServiceContext, idParam: unknown): Promise<AuthProviderRow> {
  const row = typeof idParam === 'string' && PROVIDER_ID.test(idParam) ? await ctx.storage.authProviders.get(idParam) : undefined;
  if (!row?.enabled) throw appError('AUTH_PROVIDER_NOT_FOUND');
  return row;
}

/** `GET …/start`: the provider's authorization URL, and the sealed state for the callback's cookie. */
export async function startProviderLogin(ctx: ServiceContext, provider: AuthProviderRow, next: string): Promise<{ location: string; sealedState: string }> {
  const config = await clientConfigFor(ctx, provider);
  const login: LoginState = {
    provider: provider.id,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    next,
  };
  const parameters: Record<string, string> = {
    redirect_uri: callbackUrl(ctx, provider.id),
    scope: provider.kind === 'github' ? 'read:user user:email' : 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(login.verifier),
    code_challenge_method: 'S256',
    state: login.state,
  };
  if (provider.kind === 'oidc') parameters.nonce = login.nonce;
  const location = oidc.buildAuthorizationUrl(config, parameters).href;
  return {
    location,
    sealedState: ctx.tokens.seal(LOGIN_PURPOSE, login, ctx.config.oidcLoginTtlSeconds),
  };
}

/** Where the login meant to land, when its cookie can still be read (even if the login then fails). */
export function loginNext(ctx: ServiceContext, sealedState: string | undefined): string {
  const login = sealedState ? (ctx.tokens.unseal(LOGIN_PURPOSE, sealedState) as LoginState | null) : null;
  return login?.next ?? '/';
}

/** `GET …/callback?code&state`: the signed-in account, or a refusal that says what happened. */
export async function finishProviderLogin(
  ctx: ServiceContext,
  provider: AuthProviderRow,
  sealedState: string | undefined,
  search: string,
  locale: Locale | null,
): Promise<UserRow> {
  const login = sealedState ? (ctx.tokens.unseal(LOGIN_PURPOSE, sealedState) as LoginState | null) : null;
  if (!login || login.provider !== provider.id) throw appError('OIDC_LOGIN_EXPIRED');
  const query = new URLSearchParams(search);
  if (query.has('error')) throw loginCancelled(provider);
  const config = await clientConfigFor(ctx, provider);
  const currentUrl = new URL(`${callbackUrl(ctx, provider.id)}?${query.toString()}`);
  const checks = {
    pkceCodeVerifier: login.verifier,
    expectedState: login.state,
    ...(provider.kind === 'oidc' ? { expectedNonce: login.nonce, idTokenExpected: true } : {}),
  };
  const tokens = await grant(ctx, provider, () => oidc.authorizationCodeGrant(config, currentUrl, checks));
  const person = await grant(ctx, provider, () => personOf(ctx, provider, config, tokens));
  const user = await ctx.storage.transaction((tx) => providerAccount(tx, provider, person, locale));
  // The provider's picture becomes the avatar once fetched, after this answer (a failure keeps the avatar).
  fetchAvatarLater(ctx, user, person.avatarUrl);
  return user;
}

/** The library's refusals (state, code, nonce, signature, audience…) as one answer; the details go to the log, not the page. */
async function grant<T>(ctx: ServiceContext, provider: AuthProviderRow, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.logger.info({ err: error, provider: provider.id }, 'OpenID Connect sign-in refused');
    throw appError(isUnreachable(error) ? 'AUTH_PROVIDER_UNAVAILABLE' : 'OIDC_LOGIN_INVALID');
  }
}

/** A failed fetch (refused connection, DNS, timeout) rather than an answer that did not check out. */
function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}
