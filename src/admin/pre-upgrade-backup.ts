import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/types.js';
import type { DatabaseSnapshot } from '../storage/types.js';
import { backupHeader } from './backup.js';
import { writeJsonFileDurably } from './backup-file-writer.js';

/** Where the copies taken before schema upgrades go, inside the data directory. */
export const UPGRADE_BACKUP_DIR = 'backups';
/** How many of those copies are kept: an upgrade gone wrong is noticed within a few versions. */
export const UPGRADE_BACKUPS_KEPT = 3;

const NAME = /^pre-upgrade-.+\.json$/;

/**
 * Writes the rows of a database about to be upgraded as a backup file (the format `feedbackd
 * restore` reads, with config.json and the secret), `<data>/backups/pre-upgrade-<time>-schema-<n>.json`,
 * then keeps only the newest three such files. Returns the file's path.
 */
export async function writePreUpgradeBackup(config: Config, old: DatabaseSnapshot, engine: string, now = new Date()): Promise<string> {
  const dir = join(config.dataDir, UPGRADE_BACKUP_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `pre-upgrade-${stamp}-schema-${old.schemaVersion}.json`);
  const head = await backupHeader(config, engine, old, now);
  await writeJsonFileDurably(file, { head, lists: old.tables, listsKey: 'tables' });
  await pruneOlder(dir);
  return file;
}

/** The names sort by time (ISO stamps): all but the newest few go. */
async function pruneOlder(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => NAME.test(name)).sort();
  for (const name of names.slice(0, -UPGRADE_BACKUPS_KEPT)) await rm(join(dir, name), { force: true });
}
