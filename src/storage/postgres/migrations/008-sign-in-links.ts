import type { Migration } from './types.js';

/*
 * Migration 8 (issue 28): mailed sign-in links are mail tokens of purpose `signin`. A link names
 * an address, which may have no account yet, instead of a user, and is kept once used so a second
 * use can be told apart from an unknown link. Verification and reset tokens are unchanged, so
 * the rows keep storage schema 5 (the new fields are absent from them).
 */
const sql = `
ALTER TABLE mail_tokens DROP CONSTRAINT mail_tokens_purpose_check;
ALTER TABLE mail_tokens ADD CONSTRAINT mail_tokens_purpose_check CHECK (purpose IN ('verify', 'reset', 'signin'));
ALTER TABLE mail_tokens ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE mail_tokens ADD COLUMN email text;
ALTER TABLE mail_tokens ADD COLUMN used_at timestamptz;
ALTER TABLE mail_tokens ADD CONSTRAINT mail_tokens__addressed CHECK (
  (purpose = 'signin') = (user_id IS NULL)
  AND (purpose = 'signin') = (email IS NOT NULL)
  AND (used_at IS NULL OR purpose = 'signin')
);
CREATE INDEX mail_tokens_by_expiry ON mail_tokens (purpose, expires_at);
`;

export const SIGN_IN_LINKS_MIGRATION: Migration = { id: 8, name: 'sign-in-links', sql, rowSchema: 5 };
