import { randomBytes } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import type { Config } from '../../src/config/types.js';
import { openPostgresStorage } from '../../src/storage/postgres/postgres-storage.js';
import type { Storage } from '../../src/storage/types.js';
import { testConfig } from '../_helpers/config.js';
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

/** `url` with `search_path` set to `schema` for every connection (libpq's `options` parameter). */
export function withSearchPath(url: string, schema: string): string {
  const options = `options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return url.includes('?') ? `${url}&${options}` : `${url}?${options}`;
}

/** A new empty schema, dropped (with everything in it) when the test ends; returns its connection URL. */
export async function freshSchema(t: ExecutionContext, url: string): Promise<{ schema: string; url: string }> {
  const schema = `s_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  t.teardown(async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    try {
      await dropper.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await dropper.end();
    }
  });
  return { schema, url: withSearchPath(url, schema) };
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
