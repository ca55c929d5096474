// Dashboard › Settings › Sign-in: the owner's single sign-on secrets (feedbackd's extension, issue 28;
// shapes as src/services/sso/secrets.ts answers them).
import { api } from './client.js';

/** A secret as listed: never the key. */
export interface SsoSecret {
  secretId: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer of creating one: the key, this once. */
export interface CreatedSsoSecret extends SsoSecret {
  secret: string;
}

export const listSsoSecrets = () => api<{ secrets: SsoSecret[] }>('GET', '/sso/secrets').then((r) => r.secrets);
export const createSsoSecret = () => api<{ secret: CreatedSsoSecret }>('POST', '/sso/secrets').then((r) => r.secret);
export const revokeSsoSecret = (id: string) => api<unknown>('DELETE', `/sso/secrets/${encodeURIComponent(id)}`);

/** A sign-in provider as the owner sees it (issue 28 §2): never its client secret. */
export interface AuthProvider {
  providerId: string;
  kind: 'oidc' | 'github';
  name: string;
  issuer: string;
  clientId: string;
  allowedDomains: string[];
  allowTeam: boolean;
  enabled: boolean;
  createdAt: string;
}

/** What adding one sends; `issuer` and `name` may be left to a preset. */
export interface NewAuthProvider {
  providerId: string;
  name?: string;
  issuer?: string;
  preset?: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  allowTeam: boolean;
}

export const listAuthProviders = () => api<{ providers: AuthProvider[] }>('GET', '/sso/providers').then((r) => r.providers);
export const addAuthProvider = (body: NewAuthProvider) => api<{ provider: AuthProvider }>('POST', '/sso/providers', body).then((r) => r.provider);
/** Turns a provider off (its button goes) or on again. */
export const setAuthProviderEnabled = (id: string, enabled: boolean) =>
  api<{ provider: AuthProvider }>('PATCH', `/sso/providers/${encodeURIComponent(id)}`, { enabled }).then((r) => r.provider);
export const removeAuthProvider = (id: string) => api<unknown>('DELETE', `/sso/providers/${encodeURIComponent(id)}`);
