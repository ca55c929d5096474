import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import type { Config } from '../../src/config/types.js';
import { openPostgresStorage } from '../../src/storage/postgres/postgres-storage.js';
import type { Storage } from '../../src/storage/types.js';
import { testConfig } from '../_helpers/config.js';
import { createSchema } from '../_helpers/pg-schema.js';

export { withSearchPath } from '../_helpers/pg-schema.js';
import { silentLogger } from '../storage/_config.js';

/** The database the PostgreSQL tests run against; unset = they are skipped. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/**
 * Registers a file's PostgreSQL tests when TEST_DATABASE_URL is set; otherwise the file registers
 * one passing test whose title says the PostgreSQL run was skipped.
 */
export function pgTests(register: (url: string) => void): void {
  if (TEST_DATABASE_URL) register(TEST_DATABASE_URL);
  else test('PostgreSQL tests skipped: set TEST_DATABASE_URL', (t) => t.pass());
}

/** A new empty schema, dropped (with everything in it) when the test ends; returns its connection URL. */
export async function freshSchema(t: ExecutionContext, url: string): Promise<{ schema: string; url: string }> {
  const created = await createSchema(url);
  t.teardown(created.drop);
  return { schema: created.schema, url: created.url };
}

/** A test Config naming the database; the data directory is never used by this engine. */
export function pgConfig(databaseUrl: string, overrides: Partial<Config> = {}): Config {
  return testConfig('/nonexistent/feedbackd-pg-test', { databaseUrl, ...overrides });
}

/** Opens the PostgreSQL engine on `schemaUrl`, closed when the test ends (closing twice is harmless). */
export async function openPg(t: ExecutionContext, schemaUrl: string): Promise<Storage> {
  const storage = await openPostgresStorage(pgConfig(schemaUrl), silentLogger);
  t.teardown(() => storage.close());
  return storage;
}

/** The engine opened on a fresh schema of the test database. */
export async function freshPg(t: ExecutionContext, url: string): Promise<{ storage: Storage; schemaUrl: string }> {
  const { url: schemaUrl } = await freshSchema(t, url);
  return { storage: await openPg(t, schemaUrl), schemaUrl };
}

/** The rows of one query on its own connection (to look at a database from outside the code under test). */
export async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}
