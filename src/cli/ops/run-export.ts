import type { ExportResult } from '../../admin/export.js';
import { STDOUT } from '../../admin/output-args.js';
import { printJson, printLines } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { byteSize, chooseOutput, countsLine, type OutputFlags, reportIo } from './file-output.js';
import { runLongOperation } from './run-long-operation.js';
import { copyToStdout } from './stdout-copy.js';

/** The flags of `feedbackd export`. */
export interface ExportFlags extends OutputFlags {
  includePasswordHashes?: boolean;
}

/** `feedbackd export`: the board's data in the documented JSON format, written by the server when one runs. */
export async function runExport(flags: ExportFlags, run: CliRun): Promise<void> {
  const output = await chooseOutput(flags, 'feedbackd-export', run);
  const args = { out: output.out, force: output.force, includePasswordHashes: flags.includePasswordHashes === true };
  const result = (await runLongOperation(flags, run, 'export.create', args)) as ExportResult;
  if (output.out === STDOUT) await copyToStdout(result.file, output.dataDir, run.io.stdout);
  const io = reportIo(output, run.io);
  const file = output.out === STDOUT ? STDOUT : result.file;
  if (flags.json) return printJson(io, { ...result, file });
  printLines(io, `Export written to ${output.out === STDOUT ? 'standard output' : file} (${byteSize(result.bytes)}): ${countsLine(result.counts)}.`);
  if (result.includesPasswordHashes) printLines(io, 'It holds password hashes: keep it private.');
  else printLines(io, 'Without password hashes: imported users sign in again after a password reset by mail, or after feedbackd user set-password.');
}
