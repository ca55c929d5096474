import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { readSnapshot } from '../../src/storage/postgres/snapshot.js';
import { SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import { EVERYONE_ROLE_ID, TEAM_PERMISSIONS, TEAM_ROLE_ID } from '../../src/storage/seed.js';
import { at } from '../storage/_rows.js';
import { freshSchema, openPg, pgTests } from './_pg.js';

/** A pool on a fresh schema migrated up to migration 5 (storage schema 3, before issue 27). */
async function atMigrationFive(t: ExecutionContext, url: string) {
  const { url: schemaUrl } = await freshSchema(t, url);
  const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
  t.teardown(() => pool.end());
  t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 5)), [1, 2, 3, 4, 5]);
  return { pool, schemaUrl };
}

async function insertRole(pool: pg.Pool, id: string, name: string): Promise<void> {
  await pool.query(
    `INSERT INTO roles (id, name, name_lower, description, is_system, permissions, created_at, updated_at)
     VALUES ($1, $2, $3, NULL, false, ARRAY['post:create'], $4, $4)`,
    [id, name, name.toLowerCase(), at(1)],
  );
}

async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

pgTests((url) => {
  test('migration 6 adds the Team role to a database of migration 5, with the fixed id and its permissions', async (t) => {
    const { pool, schemaUrl } = await atMigrationFive(t, url);
    await insertRole(pool, '0b5a6a9e-0000-4000-8000-000000000001', 'Moderators');
    t.deepEqual(await migrate(pool), [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const storage = await openPg(t, schemaUrl);
    const team = await storage.roles.get(TEAM_ROLE_ID);
    t.like(team, { name: 'Team', description: 'Moderates posts, comments, boards and roadmaps', isSystem: false, permissions: [...TEAM_PERMISSIONS] });
    t.regex(team?.createdAt ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    t.is(await storage.roles.count(), 3);
  });

  test('migration 6 leaves a role named Team in another case alone and adds none', async (t) => {
    const { pool, schemaUrl } = await atMigrationFive(t, url);
    await insertRole(pool, '0b5a6a9e-0000-4000-8000-000000000002', 'tEaM');
    t.deepEqual(await migrate(pool), [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const storage = await openPg(t, schemaUrl);
    t.is(await storage.roles.get(TEAM_ROLE_ID), undefined);
    t.deepEqual(
      (await storage.roles.list()).map((role) => role.name).sort(),
      ['@everyone', 'tEaM'],
    );
  });

  test('a copy of a database says the storage schema its rows follow: 3 before migration 6, the current one after', async (t) => {
    const { pool } = await atMigrationFive(t, url);
    const before = await withClient(pool, readSnapshot);
    t.is(before.schemaVersion, 3);
    t.deepEqual(before.tables.roles.map((role) => role.id), [EVERYONE_ROLE_ID]);
    t.deepEqual(await migrate(pool), [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const after = await withClient(pool, readSnapshot);
    t.is(after.schemaVersion, SCHEMA_VERSION);
    t.true(after.tables.roles.some((role) => role.id === TEAM_ROLE_ID));
  });
});
