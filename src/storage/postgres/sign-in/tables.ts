import type { AuthProviderRow, LinkedIdentityRow, SsoSecretRow } from '../../types.js';
import type { CoreTable } from '../core/table.js';

/* How the tables of migration 8 (sign-in, issue 28) store the contract's rows. */

export const SSO_SECRETS: CoreTable<SsoSecretRow> = {
  table: 'sso_secrets',
  name: 'ssoSecrets',
  columns: { id: 'id', secret: 'secret', createdAt: 'created_at', lastUsedAt: 'last_used_at' },
};

export const LINKED_IDENTITIES: CoreTable<LinkedIdentityRow> = {
  table: 'linked_identities',
  name: 'linkedIdentities',
  columns: {
    id: 'id',
    userId: 'user_id',
    provider: 'provider',
    subject: 'subject',
    avatarUrl: 'avatar_url',
    createdAt: 'created_at',
    lastUsedAt: 'last_used_at',
  },
};

export const AUTH_PROVIDERS: CoreTable<AuthProviderRow> = {
  table: 'auth_providers',
  name: 'authProviders',
  columns: {
    id: 'id',
    kind: 'kind',
    name: 'name',
    issuer: 'issuer',
    clientId: 'client_id',
    clientSecret: 'client_secret',
    allowedDomains: 'allowed_domains',
    allowTeam: 'allow_team',
    enabled: 'enabled',
    createdAt: 'created_at',
  },
};
