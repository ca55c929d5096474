/*
 * The openid-client configuration of a provider: found by OpenID discovery (kept for
 * `oidcDiscoveryTtlSeconds`, keys included, so a sign-in does not fetch them each time), with the
 * ID token's signature checked by the provider's keys; or GitHub's fixed OAuth 2 endpoints.
 */
import * as oidc from 'openid-client';
import { appError } from '../../errors.js';
import type { AuthProviderRow } from '../../storage/types.js';
import type { ServiceContext } from '../context.js';
import { isLoopbackHost } from './input.js';

interface Cached {
  config: oidc.Configuration;
  until: number;
}

// Keyed by the context so each one (each test server) starts empty.
const cacheByContext = new WeakMap<ServiceContext, Map<string, Cached>>();

/** The configuration, from the cache while fresh; a provider that cannot be reached is a 502 in words. */
export async function clientConfigFor(ctx: ServiceContext, row: AuthProviderRow): Promise<oidc.Configuration> {
  const cache = cacheByContext.get(ctx) ?? new Map<string, Cached>();
  cacheByContext.set(ctx, cache);
  // Every field that shapes the configuration: a provider removed and added again differently is fetched anew.
  const key = JSON.stringify([row.id, row.kind, row.issuer, row.clientId, row.clientSecret]);
  const cached = cache.get(key);
  if (cached && cached.until > Date.now()) return cached.config;
  const config = await fetchConfig(ctx, row);
  cache.set(key, {
    config,
    until: Date.now() + ctx.config.oidcDiscoveryTtlSeconds * 1000,
  });
  return config;
}

async function fetchConfig(ctx: ServiceContext, row: AuthProviderRow): Promise<oidc.Configuration> {
  const plain = new URL(row.issuer).protocol === 'http:' && isLoopbackHost(new URL(row.issuer).hostname);
  if (row.kind === 'github') {
    const base = ctx.config.githubUrl.replace(/\/$/, '');
    const server = {
      issuer: base,
      authorization_endpoint: `${base}/login/oauth/authorize`,
      token_endpoint: `${base}/login/oauth/access_token`,
    };
    const config = new oidc.Configuration(server, row.clientId, row.clientSecret, oidc.ClientSecretPost(row.clientSecret));
    if (new URL(base).protocol === 'http:') oidc.allowInsecureRequests(config);
    return config;
  }
  try {
    return await oidc.discovery(
      new URL(row.issuer),
      row.clientId,
      row.clientSecret,
      oidc.ClientSecretBasic(row.clientSecret),
      // The ID token's signature is checked against the provider's published keys (issue 28 §2); openid-client
      // leaves that out by default for a token fetched from the token endpoint, trusting TLS alone.
      { execute: plain ? [oidc.enableNonRepudiationChecks, oidc.allowInsecureRequests] : [oidc.enableNonRepudiationChecks] },
    );
  } catch (error) {
    ctx.logger.warn({ err: error, provider: row.id }, 'OpenID discovery failed');
    throw appError('AUTH_PROVIDER_UNAVAILABLE');
  }
}
