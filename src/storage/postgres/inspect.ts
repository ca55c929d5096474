import pg from 'pg';
import { describeDatabase, openFailure } from './connect-error.js';
import { schemaVersion } from './migrate.js';
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
    const applied = await schemaVersion(client);
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
