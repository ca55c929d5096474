import type { Migration } from './types.js';

/*
 * Migration 16 (issue 28, storage schema 13): a user's avatar may be an upload, fetched from the
 * picture a sign-in brings (the product's token, an OpenID provider). `avatar_upload_id` names the
 * upload (NULL: Gravatar, as every existing row), `avatar_source_url` the address it was fetched
 * from. Nullable columns without a default: added without rewriting the table. No foreign key, as
 * for uploads: the orphan sweep counts an upload a user's avatar names as used.
 */
const sql = `
ALTER TABLE users ADD COLUMN avatar_upload_id text COLLATE "C";
ALTER TABLE users ADD COLUMN avatar_source_url text;
`;

export const USER_AVATARS_MIGRATION: Migration = { id: 16, name: 'user-avatars', sql, rowSchema: 13 };
