import type { Migration } from './types.js';

/*
 * Migration 10 (issue 28 §2, storage schema 7): the OpenID Connect (and GitHub) providers people
 * may sign in with. No foreign key from linked_identities.provider: removing a provider keeps the
 * links, so adding it back under the same id signs the same people in.
 */
const sql = `
CREATE TABLE auth_providers (
  id text COLLATE "C" NOT NULL,
  kind text NOT NULL CHECK (kind IN ('oidc', 'github')),
  name text NOT NULL,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret text NOT NULL,
  allowed_domains text[] NOT NULL,
  allow_team boolean NOT NULL,
  enabled boolean NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT auth_providers__id PRIMARY KEY (id)
);
CREATE INDEX auth_providers_by_time ON auth_providers (created_at, id);
`;

export const AUTH_PROVIDERS_MIGRATION: Migration = { id: 10, name: 'auth-providers', sql, rowSchema: 7 };
