import { restoreBackup } from '../../admin/backup-restore.js';
import { resolveConfig } from '../../config/load.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { printJson, printLines } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { commanderFlags } from './run-long-operation.js';
import { countsLine, inputPath } from './file-output.js';

/** The flags of `feedbackd restore`. */
export interface RestoreFlags extends AdminFlags {
  force?: boolean;
}

/** `feedbackd restore <file>`: checks the file, then writes it into an empty (or, with --force, any) stopped data directory. */
export async function runRestore(file: string, flags: RestoreFlags, run: CliRun): Promise<void> {
  const path = await inputPath(file);
  const { config } = await resolveConfig({ flags: commanderFlags(flags), env: run.io.env });
  const result = await restoreBackup(path, { config, force: flags.force === true });
  if (flags.json) return printJson(run.io, result);
  const into = result.database === null ? result.dataDir : `the PostgreSQL database ${result.database} (secret and config.json in ${result.dataDir})`;
  const database = result.database === null ? '' : ` --database '${result.database}'`;
  printLines(
    run.io,
    `Restored the backup of ${result.backupCreatedAt} into ${into}: ${countsLine(result.counts)}.`,
    `Start it with: feedbackd serve --data ${result.dataDir}${database}`,
  );
  if (result.secretSource === 'env') {
    const note = 'note: the backed-up server took its secret from FEEDBACKD_SECRET: set the same value, or tokens will not be accepted';
    run.io.stderr.write(`${note}\n`);
  }
}
