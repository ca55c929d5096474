import pg from 'pg';
import { describeDatabase, openFailure } from './connect-error.js';
import { MIGRATIONS } from './migrations/index.js';
import { probeWrites } from './write-probe.js';

/** What `feedbackd doctor` finds in a PostgreSQL database, read without changing anything. */
export interface PostgresInspection {
  /** `host:port/database`, never the credentials. */
  where: string;
  /** The newest migration applied (0 = a database feedbackd has not used yet). */
  applied: number;
  /** The newest migration this feedbackd knows. */
  known: number;
  /** Counts, when the schema is complete. */
  users: number | null;
  posts: number | null;
  /** False on a standby or a read-only database. */
  writable: boolean;
}

/**
 * Connects and looks, in a read-only way (unlike opening the storage, which applies migrations).
 * A database that cannot be reached throws the engine's DATABASE_UNAVAILABLE error.
 */
export async function inspectPostgres(url: string): Promise<PostgresInspection> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw openFailure(error, url);
  }
  try {
    const known = Math.max(...MIGRATIONS.map((migration) => migration.id));
    const applied = await appliedMigration(client);
    const complete = applied === known;
    const count = async (table: string) => Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    return {
      where: describeDatabase(url),
      applied,
      known,
      users: complete ? await count('users') : null,
      posts: complete ? await count('posts') : null,
      writable: (await probeWrites(client)).writable,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function appliedMigration(client: pg.Client): Promise<number> {
  const table = await client.query<{ found: string | null }>("SELECT to_regclass('schema_migrations')::text AS found");
  if (table.rows[0]?.found == null) return 0;
  const { rows } = await client.query<{ version: number | null }>('SELECT max(id) AS version FROM schema_migrations');
  return rows[0]?.version ?? 0;
}
