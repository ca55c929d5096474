import type { Migration } from './types.js';

/*
 * Migration 9 (issue 28, storage schema 6): the product's single sign-on secrets and the
 * identities linked to accounts. `provider` is free text, not a CHECK list: OpenID Connect
 * providers are named by the owner. A deleted user's identities go with it.
 */
const sql = `
CREATE TABLE sso_secrets (
  id text COLLATE "C" NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  CONSTRAINT sso_secrets__id PRIMARY KEY (id)
);
CREATE INDEX sso_secrets_by_time ON sso_secrets (created_at, id);

CREATE TABLE linked_identities (
  id text COLLATE "C" NOT NULL,
  user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text COLLATE "C" NOT NULL,
  subject text COLLATE "C" NOT NULL,
  avatar_url text,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  CONSTRAINT linked_identities__id PRIMARY KEY (id),
  CONSTRAINT linked_identities__provider_subject UNIQUE (provider, subject),
  CONSTRAINT linked_identities__user_provider UNIQUE (user_id, provider)
);
CREATE INDEX linked_identities_by_time ON linked_identities (created_at, id);
`;

export const SIGN_IN_MIGRATION: Migration = { id: 9, name: 'sign-in', sql, rowSchema: 6 };
