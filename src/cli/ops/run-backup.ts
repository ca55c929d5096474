import { readBackupFile } from '../../admin/backup-read.js';
import type { BackupResult } from '../../admin/backup.js';
import { AppError } from '../../errors.js';
import { STDOUT } from '../../admin/output-args.js';
import { printJson, printLines } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { byteSize, chooseOutput, countsLine, type OutputFlags, reportIo } from './file-output.js';
import { runLongOperation } from './run-long-operation.js';
import { deliver, discardScratch } from './scratch-file.js';

/** The flags of `feedbackd backup`. */
export type BackupFlags = OutputFlags;

/**
 * A backup that restore would refuse is worse than none, since the operator trusts it: the file is
 * read back by restore's own checks (format, counts, every row, references, uniqueness) in this
 * process, not the server's, before it is delivered; a refused one is removed.
 */
async function refuseUnrestorable(scratch: string, dataDir: string): Promise<void> {
  try {
    await readBackupFile(scratch, { databaseUrl: null });
  } catch (error) {
    await discardScratch(scratch, dataDir);
    if (!(error instanceof AppError)) throw error;
    const problem = error.message.startsWith(scratch) ? error.message.slice(scratch.length) : `: ${error.message}`;
    throw new AppError(
      'BACKUP_UNRESTORABLE',
      `The backup${problem}; nothing was written. The data itself is unchanged: this is a fault in feedbackd, please report it with this message`,
      500,
    );
  }
}

/** `feedbackd backup`: the running server (or this process, when none runs) writes one consistent backup file. */
export async function runBackup(flags: BackupFlags, run: CliRun): Promise<void> {
  const output = await chooseOutput(flags, 'feedbackd-backup', run);
  // Always to a scratch file, which this process then writes where the operator asked (scratch-file.ts).
  const written = (await runLongOperation(flags, run, 'backup.create', { out: STDOUT })) as BackupResult;
  await refuseUnrestorable(written.file, output.dataDir);
  const result = { ...written, ...(await deliver(written.file, output, run)) };
  const io = reportIo(output, run.io);
  const { file } = result;
  if (flags.json) return printJson(io, { ...result, file });
  printLines(
    io,
    `Backup written to ${output.out === STDOUT ? 'standard output' : file} (${byteSize(result.bytes)}): ${countsLine(result.counts)}.`,
    'It holds the signing secret and password hashes: keep it private. Restore it with: feedbackd restore <file> --data <empty dir>',
  );
  if (result.secretSource === 'env') {
    run.io.stderr.write('note: the secret comes from FEEDBACKD_SECRET and is not in the backup: set the same value where you restore\n');
  }
}
