import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import { pino } from 'pino';
import type { Config } from '../../src/config/types.js';
import type { Logger } from '../../src/logger.js';
import { openStorage } from '../../src/storage/open.js';
import type { Storage } from '../../src/storage/types.js';
import { testConfig as sharedTestConfig } from '../_helpers/config.js';
import { TEST_ENGINE, testDatabaseUrl } from '../_helpers/engine.js';
import { createSchema } from '../_helpers/pg-schema.js';

/** The shared test config for storage tests: a 1 MiB journal, so tests reach compaction. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return sharedTestConfig(dataDir, { journalMaxBytes: 1024 * 1024, ...overrides });
}

/** A logger that prints nothing. */
export const silentLogger: Logger = pino({ level: 'silent' });

/** A fresh temp directory, removed when the test ends. */
export async function tempDir(t: ExecutionContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-storage-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The engine the contract tests run on: lowdb, or PostgreSQL in the PostgreSQL run (test/_helpers/engine.ts). */
export { TEST_ENGINE } from '../_helpers/engine.js';

/**
 * Opens storage in `dataDir`; it is closed when the test ends (closing twice is harmless). In the
 * PostgreSQL run, each data directory stands for one fresh schema, so opening it again reopens the
 * same database, and the schema is dropped when the test ends.
 */
export async function open(t: ExecutionContext, dataDir: string, overrides: Partial<Config> = {}): Promise<Storage> {
  const databaseUrl = TEST_ENGINE === 'postgres' ? await schemaFor(t, dataDir) : null;
  const storage = await openStorage(testConfig(dataDir, { databaseUrl, ...overrides }), silentLogger);
  t.teardown(() => storage.close());
  return storage;
}

const schemaUrls = new Map<string, Promise<string>>();

function schemaFor(t: ExecutionContext, dataDir: string): Promise<string> {
  let url = schemaUrls.get(dataDir);
  if (url === undefined) {
    url = createSchema(testDatabaseUrl()).then((schema) => {
      // Registered before any storage on it, so it runs after they are closed (teardowns run last-first).
      t.teardown(async () => {
        schemaUrls.delete(dataDir);
        await schema.drop();
      });
      return schema.url;
    });
    schemaUrls.set(dataDir, url);
  }
  return url;
}

/** The data directory of a new store, and the storage opened in it. */
export async function freshStorage(t: ExecutionContext, overrides: Partial<Config> = {}): Promise<{ dir: string; storage: Storage }> {
  const dir = join(await tempDir(t), 'data');
  return { dir, storage: await open(t, dir, overrides) };
}

/**
 * A copy of `dataDir`'s files as a crashed process leaves them (never closed), opened: the journal
 * is replayed. Only the JSON-file engine has files to copy; on PostgreSQL this is undefined.
 */
export async function openCrashCopy(t: ExecutionContext, dataDir: string): Promise<Storage | undefined> {
  if (TEST_ENGINE !== 'lowdb') return undefined;
  const copy = `${dataDir}-copy`;
  await cp(dataDir, copy, { recursive: true });
  return open(t, copy);
}
