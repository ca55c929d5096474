import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import { pino } from 'pino';
import type { Config } from '../../src/config/types.js';
import type { Logger } from '../../src/logger.js';
import { openStorage } from '../../src/storage/open.js';
import type { Storage } from '../../src/storage/types.js';

/** A complete Config for storage tests, pointing at `dataDir`. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    dataDir,
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:0',
    smtpUrl: null,
    mailOutbox: false,
    mailFrom: null,
    databaseUrl: null,
    trustProxy: false,
    corsOrigins: '*',
    secret: null,
    bcryptCost: 4,
    tokenTtlSeconds: 3600,
    logLevel: 'silent',
    journalMaxBytes: 1024 * 1024,
    ...overrides,
  };
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
