import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import { pino } from 'pino';
import type { Config } from '../../src/config/types.js';
import type { Logger } from '../../src/logger.js';
import { openStorage } from '../../src/storage/open.js';
import type { Storage } from '../../src/storage/types.js';
import { testConfig as sharedTestConfig } from '../_helpers/config.js';

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

/** Opens storage in `dataDir`; it is closed when the test ends (closing twice is harmless). */
export async function open(t: ExecutionContext, dataDir: string, overrides: Partial<Config> = {}): Promise<Storage> {
  const storage = await openStorage(testConfig(dataDir, overrides), silentLogger);
  t.teardown(() => storage.close());
  return storage;
}

/** The data directory of a new store, and the storage opened in it. */
export async function freshStorage(t: ExecutionContext, overrides: Partial<Config> = {}): Promise<{ dir: string; storage: Storage }> {
  const dir = join(await tempDir(t), 'data');
  return { dir, storage: await open(t, dir, overrides) };
}
