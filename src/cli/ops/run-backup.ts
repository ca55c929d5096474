import type { BackupResult } from '../../admin/backup.js';
import { STDOUT } from '../../admin/output-args.js';
import { printJson, printLines } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { byteSize, chooseOutput, countsLine, type OutputFlags, reportIo } from './file-output.js';
import { runLongOperation } from './run-long-operation.js';
import { deliver } from './scratch-file.js';

/** The flags of `feedbackd backup`. */
export type BackupFlags = OutputFlags;

/** `feedbackd backup`: the running server (or this process, when none runs) writes one consistent backup file. */
export async function runBackup(flags: BackupFlags, run: CliRun): Promise<void> {
  const output = await chooseOutput(flags, 'feedbackd-backup', run);
  // Always to a scratch file, which this process then writes where the operator asked (scratch-file.ts).
  const written = (await runLongOperation(flags, run, 'backup.create', { out: STDOUT })) as BackupResult;
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
