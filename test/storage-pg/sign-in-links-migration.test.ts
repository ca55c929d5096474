import test from 'ava';
import pg from 'pg';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { at } from '../storage/_rows.js';
import { freshSchema, openPg, pgTests } from './_pg.js';

const USER_ID = '0b5a6a9e-0000-4000-8000-0000000000a1';
const TOKEN_ID = '0b5a6a9e-0000-4000-8000-0000000000c1';
const HASH = 'a'.repeat(64);

pgTests((url) => {
  test('migration 8 keeps the tokens of a migration-7 database as they were and refuses a sign-in link that names a user', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.teardown(() => pool.end());
    t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 7)), [1, 2, 3, 4, 5, 6, 7]);
    await pool.query(
      `INSERT INTO users (id, email, email_lower, username, name, name_lower, password_hash, is_owner, is_verified, is_blocked, token_version, notes, created_at, updated_at)
       VALUES ($1, 'jane@example.org', 'jane@example.org', 'jane_x', 'Jane', 'jane', 'x', false, false, false, 0, NULL, $2, $2)`,
      [USER_ID, at(0)],
    );
    await pool.query(
      `INSERT INTO mail_tokens (id, user_id, purpose, token_hash, created_at, expires_at) VALUES ($1, $2, 'reset', $3, $4, $5)`,
      [TOKEN_ID, USER_ID, HASH, at(0), at(3600)],
    );
    t.deepEqual(await migrate(pool), [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const storage = await openPg(t, schemaUrl);
    t.deepEqual(await storage.mailTokens.get(TOKEN_ID), { id: TOKEN_ID, userId: USER_ID, purpose: 'reset', tokenHash: HASH, createdAt: at(0), expiresAt: at(3600) });
    const wrong = pool.query(
      `INSERT INTO mail_tokens (id, user_id, purpose, token_hash, created_at, expires_at, email) VALUES (gen_random_uuid()::text, $1, 'signin', $2, $3, $3, 'jane@example.org')`,
      [USER_ID, 'b'.repeat(64), at(0)],
    );
    await t.throwsAsync(wrong, { message: /mail_tokens__addressed/ });
  });
});
