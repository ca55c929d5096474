import { readFile } from 'node:fs/promises';
import { readConfigFile } from '../config/data-dir.js';
import { secretFilePath } from '../config/secret.js';
import { AppError } from '../errors.js';
import type { Config } from '../config/types.js';
import type { ServiceContext } from '../services/context.js';
import type { DatabaseSnapshot } from '../storage/types.js';
import { VERSION } from '../version.js';
import { writeJsonFileDurably } from './backup-file-writer.js';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader } from './backup-format.js';
import { fileToWrite, parseOutputArgs } from './output-args.js';

/** What a backup wrote. */
export interface BackupResult {
  file: string;
  bytes: number;
  createdAt: string;
  counts: Record<string, number>;
  secretSource: BackupHeader['secretSource'];
}

/**
 * The `backup` operation: one file with a consistent snapshot of every table and the settings,
 * plus config.json and the signing secret, so a restore gives the same board with the same tokens.
 */
export async function createBackup(ctx: ServiceContext, args: unknown): Promise<BackupResult> {
  // `out` is absolute: the server's working directory is not the operator's.
  const output = parseOutputArgs(args, 'backup');
  const out = await fileToWrite(output, ctx.config.dataDir);
  const snapshot = await ctx.storage.snapshot();
  const header = await backupHeader(ctx.config, ctx.storage.engine, snapshot, new Date());
  const content = { head: header, lists: snapshot.tables, listsKey: 'tables' };
  const bytes = await writeJsonFileDurably(out, content, { replace: output.force });
  ctx.logger.info({ file: out, bytes, counts: header.counts }, 'backup written');
  return { file: out, bytes, createdAt: header.createdAt, counts: header.counts, secretSource: header.secretSource };
}

/** The header of a backup file of `snapshot`, taken from the install `config` describes. */
export async function backupHeader(config: Config, engine: string, snapshot: DatabaseSnapshot, now: Date): Promise<BackupHeader> {
  const counts = Object.fromEntries(Object.entries(snapshot.tables).map(([name, rows]) => [name, rows.length]));
  const secret = config.secret === null ? await readSecretText(config.dataDir) : null;
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    feedbackdVersion: VERSION,
    createdAt: now.toISOString(),
    schemaVersion: snapshot.schemaVersion,
    engine,
    counts,
    configFile: await configFileValues(config.dataDir),
    secretSource: config.secret === null ? 'file' : 'env',
    secret,
    settings: snapshot.settings,
  };
}

/** config.json's values; null when there is no file. A damaged one would have stopped the process already. */
async function configFileValues(dataDir: string): Promise<Record<string, unknown> | null> {
  const file = await readConfigFile(dataDir);
  if (file.problem) throw new AppError('CONFIG_INVALID', file.problem, 500);
  return Object.keys(file.values).length === 0 ? null : file.values;
}

async function readSecretText(dataDir: string): Promise<string> {
  const text = await readFile(secretFilePath(dataDir), 'utf8');
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}
