import type { BackupResult } from '../../admin/backup.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { printJson, printLines } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { byteSize, countsLine, outputPath } from './file-output.js';
import { runLongOperation } from './run-long-operation.js';

/** The flags of `feedbackd backup`. */
export interface BackupFlags extends AdminFlags {
  out?: string;
}

/** `feedbackd backup`: the running server (or this process, when none runs) writes one consistent backup file. */
export async function runBackup(flags: BackupFlags, run: CliRun): Promise<void> {
  const out = await outputPath(flags.out, 'feedbackd-backup');
  const result = (await runLongOperation(flags, run, 'backup.create', { out })) as BackupResult;
  if (flags.json) return printJson(run.io, result);
  printLines(
    run.io,
    `Backup written to ${result.file} (${byteSize(result.bytes)}): ${countsLine(result.counts)}.`,
    'It holds the signing secret and password hashes: keep it private. Restore it with: feedbackd restore <file> --data <empty dir>',
  );
  if (result.secretSource === 'env') {
    run.io.stderr.write('note: the secret comes from FEEDBACKD_SECRET and is not in the backup: set the same value where you restore\n');
  }
}
