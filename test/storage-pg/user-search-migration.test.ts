import test from 'ava';
import pg from 'pg';
import { createUsersRepo } from '../../src/storage/postgres/core/users.js';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { at } from '../storage/_rows.js';
import { freshSchema, pgTests } from './_pg.js';

/** Names whose lower case differs between JavaScript and a database locale (İ), or exists outside ASCII. */
const NAMES = ['İpek Yılmaz', 'ÉLODIE ÜNAL', 'Grace Hopper', ''];

pgTests((url) => {
  test('migration 4 lower-cases the names of users written at version 3, the JavaScript way, past one batch', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.teardown(() => pool.end());
    t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 3)), [1, 2, 3]);
    // 1,200 users: the backfill reads and writes them 1,000 at a time.
    await pool.query(
      `INSERT INTO users (id, email, email_lower, username, name, password_hash, is_owner, is_verified, is_blocked,
                          token_version, notes, created_at, updated_at)
       SELECT 'u' || lpad(n::text, 5, '0'), 'u' || n || '@x.org', 'u' || n || '@x.org', 'u_' || n,
              (ARRAY[${NAMES.map((_, i) => `$${i + 2}::text`).join(', ')}])[n % ${NAMES.length} + 1],
              'h', false, true, false, 0, NULL, $1, $1
         FROM generate_series(1, 1200) n`,
      [at(0), ...NAMES],
    );
    t.deepEqual(await migrate(pool), [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const { rows } = await pool.query<{ name: string; name_lower: string }>('SELECT name, name_lower FROM users');
    t.is(rows.length, 1200);
    t.deepEqual(
      rows.filter((row) => row.name_lower !== row.name.toLowerCase()),
      [],
    );
    const users = createUsersRepo(pool);
    const found = await users.page({ direction: 'asc', limit: 5, from: { offset: 0 }, contains: 'İPEK' });
    t.is(found?.total, 300);
    t.true(found?.rows.every((user) => user.name === 'İpek Yılmaz'));
    // Written by the repository: the name and its lower case together.
    const renamed = await users.update('u00001', { name: 'ŞAHİN' });
    const { rows: stored } = await pool.query('SELECT name_lower FROM users WHERE id = $1', [renamed.id]);
    t.is(stored[0]?.name_lower, 'şahi̇n');
  });
});
