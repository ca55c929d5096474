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
