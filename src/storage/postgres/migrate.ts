import pg, { type Pool, type PoolClient } from 'pg';
import { AppError } from '../../errors.js';
import { openFailure } from './connect-error.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';
import type { Queryable } from './queryable.js';

/** The advisory lock key under which migrations run ("feedbackd" in ASCII, fits a bigint). */
export const MIGRATION_LOCK_KEY = '0x6665656462636b64';

/**
 * Applies the migrations the database lacks, in order, in one transaction that holds a
 * transaction-level advisory lock: processes starting at once wait for each other, and the later
 * ones find the work done. Refuses a database migrated by a newer feedbackd. Returns the ids applied.
 */
export async function migrate(pool: Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      const applied = await applyMissing(client, migrations);
      await client.query('COMMIT');
      return applied;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

async function applyMissing(client: PoolClient, migrations: readonly Migration[]): Promise<number[]> {
  await client.query(`SELECT pg_advisory_xact_lock(${BigInt(MIGRATION_LOCK_KEY).toString()})`);
  await client.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       id integer PRIMARY KEY,
       name text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const { rows } = await client.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
  const done = new Set(rows.map((row) => row.id));
  const known = new Set(migrations.map((m) => m.id));
  const unknown = [...done].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new AppError(
      'DATABASE_TOO_NEW',
      `The database has schema migration ${Math.max(...unknown)}, which this feedbackd does not know. It was migrated by a newer feedbackd: upgrade feedbackd to use it.`,
      500,
    );
  }
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    if (done.has(migration.id)) continue;
    await client.query(migration.sql);
    await migration.backfill?.(client);
    await client.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
    applied.push(migration.id);
  }
  return applied;
}

/** The id of the newest migration applied to the database (0 for none, or a database feedbackd never used). */
export async function schemaVersion(db: Queryable): Promise<number> {
  const table = await db.query("SELECT to_regclass('schema_migrations')::text AS found");
  if (table.rows[0]?.found == null) return 0;
  const { rows } = await db.query('SELECT max(id) AS version FROM schema_migrations');
  return rows[0]?.version ?? 0;
}

/**
 * Runs `work` on one connection to the database at `url` once its missing migrations are applied
 * (migrate, migrate-data, restore: short jobs beside the servers' own pools). `checkDatabase` runs
 * first and may refuse the database before anything is written. A failure to connect or migrate is
 * worded by openFailure; the connection is always closed.
 */
export async function withMigratedDatabase<T>(
  url: string,
  work: (client: PoolClient, applied: number[]) => Promise<T>,
  checkDatabase?: (db: Queryable) => Promise<void>,
): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 10_000, max: 1 });
  // A dropped idle connection must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    let client: PoolClient;
    let applied: number[];
    try {
      await checkDatabase?.(pool);
      applied = await migrate(pool);
      client = await pool.connect();
    } catch (error) {
      throw openFailure(error, url);
    }
    try {
      return await work(client, applied);
    } finally {
      client.release();
    }
  } finally {
    await pool.end().catch(() => undefined);
  }
}
