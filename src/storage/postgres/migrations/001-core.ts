import { DEFAULT_SETTINGS, everyoneRole } from '../../seed.js';
import type { Migration } from './types.js';

/*
 * Conventions of every migration (content tables follow them too):
 * - table and column names in snake_case; ids are `text COLLATE "C"` (lower-case UUIDs, compared
 *   byte-wise exactly like the JSON-file engine compares strings);
 * - timestamps are `timestamptz` (microsecond precision, so the contract's millisecond ISO
 *   strings round-trip exactly; rows are rendered back with `Date#toISOString()`);
 * - every unique constraint or index is named `<table>__<rule>` (see ../errors.ts), primary keys
 *   `<table>__id`;
 * - case-insensitive rules use a `*_lower` column holding the value as JavaScript lower-cases it,
 *   so the rule is the same whatever the database's locale.
 */

const everyone = everyoneRole('1970-01-01T00:00:00.000Z');

/** A SQL string literal (only for the constant seed values below, never for request data). */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

const permissions = `ARRAY[${everyone.permissions.map(literal).join(', ')}]::text[]`;

export const CORE_MIGRATION: Migration = {
  id: 1,
  name: 'core',
  rowSchema: 1,
  sql: `
CREATE TABLE users (
  id text COLLATE "C" NOT NULL,
  email text NOT NULL,
  email_lower text NOT NULL,
  username text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  is_owner boolean NOT NULL,
  is_verified boolean NOT NULL,
  is_blocked boolean NOT NULL,
  token_version integer NOT NULL,
  notes text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT users__id PRIMARY KEY (id),
  CONSTRAINT users__email UNIQUE (email_lower),
  CONSTRAINT users__username UNIQUE (username)
);
CREATE UNIQUE INDEX users__owner ON users ((true)) WHERE is_owner;
CREATE INDEX users_by_time ON users (created_at, id);

CREATE TABLE roles (
  id text COLLATE "C" NOT NULL,
  name text NOT NULL,
  name_lower text NOT NULL,
  description text,
  is_system boolean NOT NULL,
  permissions text[] NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT roles__id PRIMARY KEY (id),
  CONSTRAINT roles__name UNIQUE (name_lower)
);
CREATE INDEX roles_by_time ON roles (created_at, id);

CREATE TABLE user_roles (
  id text COLLATE "C" NOT NULL,
  user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id text COLLATE "C" NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  CONSTRAINT user_roles__id PRIMARY KEY (id),
  CONSTRAINT user_roles__user_role UNIQUE (user_id, role_id)
);
CREATE INDEX user_roles_by_user ON user_roles (user_id, created_at, id);
CREATE INDEX user_roles_by_role ON user_roles (role_id);

CREATE TABLE settings (
  id boolean NOT NULL DEFAULT true CHECK (id),
  value jsonb NOT NULL,
  CONSTRAINT settings__id PRIMARY KEY (id)
);

CREATE TABLE mail_tokens (
  id text COLLATE "C" NOT NULL,
  user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CONSTRAINT mail_tokens__id PRIMARY KEY (id),
  CONSTRAINT mail_tokens__token_hash UNIQUE (token_hash)
);
CREATE INDEX mail_tokens_by_user ON mail_tokens (user_id, purpose);

CREATE TABLE mail_log (
  id text COLLATE "C" NOT NULL,
  created_at timestamptz NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  kind text NOT NULL,
  transport text NOT NULL,
  status text NOT NULL,
  error text,
  CONSTRAINT mail_log__id PRIMARY KEY (id)
);
CREATE INDEX mail_log_by_time ON mail_log (created_at, id);

INSERT INTO settings (id, value) VALUES (true, ${literal(JSON.stringify(DEFAULT_SETTINGS))}::jsonb);
INSERT INTO roles (id, name, name_lower, description, is_system, permissions, created_at, updated_at)
VALUES (${literal(everyone.id)}, ${literal(everyone.name)}, ${literal(everyone.name.toLowerCase())}, ${literal(everyone.description ?? '')},
        true, ${permissions}, date_trunc('milliseconds', now()), date_trunc('milliseconds', now()));
`,
};
