import type { Queryable } from '../queryable.js';
import type { Migration } from './types.js';

/*
 * Migration 4: what `GET /users?query=` needs (feedbackd's search of users by name, username or
 * email, ignoring case). `name_lower` holds the name as JavaScript lower-cases it, written with
 * every insert and update (core/users.ts), as `email_lower` is: PostgreSQL's lower() follows the
 * database's locale (ASCII only under `C`; `İ` becomes `i`, not `i̇`), and both engines must find
 * the same users. Usernames are lower-case ASCII by construction (API.md §1.8).
 * The default only serves rows written before the backfill runs and rows written by hand (tests).
 */
const sql = `ALTER TABLE users ADD COLUMN name_lower text NOT NULL DEFAULT '';`;

/** Users read and written per round trip. */
const BATCH_USERS = 1000;

/** Fills `name_lower` of every existing user, a batch at a time in id order. */
async function backfillNameLower(client: Queryable): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await client.query('SELECT id, name FROM users WHERE id > $1 ORDER BY id LIMIT $2', [after, BATCH_USERS]);
    if (rows.length === 0) return;
    const users = rows as Array<{ id: string; name: string }>;
    await client.query(
      `UPDATE users u SET name_lower = w.name_lower
         FROM unnest($1::text[], $2::text[]) AS w(id, name_lower)
        WHERE u.id = w.id`,
      [users.map((user) => user.id), users.map((user) => user.name.toLowerCase())],
    );
    after = users[users.length - 1]!.id;
  }
}

export const USER_SEARCH_MIGRATION: Migration = { id: 4, name: 'user-search', sql, backfill: backfillNameLower, rowSchema: 2 };
