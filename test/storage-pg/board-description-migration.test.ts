import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { readSnapshot } from '../../src/storage/postgres/snapshot.js';
import { at } from '../storage/_rows.js';
import { freshSchema, openPg, pgTests } from './_pg.js';

const BOARD_ID = '0b5a6a9e-0000-4000-8000-0000000000b1';

/** A pool on a fresh schema at migration 6 (storage schema 4) holding one board, written as that schema had it. */
async function atMigrationSix(t: ExecutionContext, url: string) {
  const { url: schemaUrl } = await freshSchema(t, url);
  const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
  t.teardown(() => pool.end());
  t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 6)), [1, 2, 3, 4, 5, 6]);
  await pool.query(
    `INSERT INTO boards (id, name, name_lower, url, color, display, view_voters, created_at, updated_at)
     VALUES ($1, 'Ideas', 'ideas', 'ideas', '2f6fdb', true, true, $2, $2)`,
    [BOARD_ID, at(1)],
  );
  return { pool, schemaUrl };
}

pgTests((url) => {
  test('migration 7 gives the boards of a migration-6 database no description; they take one afterwards', async (t) => {
    const { pool, schemaUrl } = await atMigrationSix(t, url);
    t.deepEqual(await migrate(pool), [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const storage = await openPg(t, schemaUrl);
    t.like(await storage.boards.get(BOARD_ID), { name: 'Ideas', description: null, url: 'ideas' });
    t.is((await storage.boards.update(BOARD_ID, { description: 'What to build' })).description, 'What to build');
  });

  test('a copy of a migration-6 database says storage schema 4 and reads its boards without the column', async (t) => {
    const { pool } = await atMigrationSix(t, url);
    const client = await pool.connect();
    try {
      const copy = await readSnapshot(client);
      t.is(copy.schemaVersion, 4);
      t.like(copy.tables.boards[0], { id: BOARD_ID, name: 'Ideas', description: null });
    } finally {
      client.release();
    }
  });
});
