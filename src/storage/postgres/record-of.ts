import pg from 'pg';
import { openFailure } from './connect-error.js';
import { type PostgresRecord, readPostgresRecord } from './identity.js';

/** Connects to the database at `url` just to read what a data directory records of it. */
export async function postgresRecordOf(url: string): Promise<PostgresRecord> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return await readPostgresRecord(client, url);
  } catch (error) {
    throw openFailure(error, url);
  } finally {
    await client.end().catch(() => undefined);
  }
}
