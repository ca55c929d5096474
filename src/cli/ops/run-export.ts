import type { ExportResult } from '../../admin/export.js';
import { STDOUT } from '../../admin/output-args.js';
import { printJson, printLines } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { byteSize, chooseOutput, countsLine, type OutputFlags, reportIo } from './file-output.js';
import { runLongOperation } from './run-long-operation.js';
import { deliver } from './scratch-file.js';

/** The flags of `feedbackd export`. */
export interface ExportFlags extends OutputFlags {
  includePasswordHashes?: boolean;
}

/** `feedbackd export`: the board's data in the documented JSON format, written by the server when one runs. */
export async function runExport(flags: ExportFlags, run: CliRun): Promise<void> {
  const output = await chooseOutput(flags, 'feedbackd-export', run);
  // Always to a scratch file, which this process then writes where the operator asked (scratch-file.ts).
  const args = { out: STDOUT, includePasswordHashes: flags.includePasswordHashes === true };
  const written = (await runLongOperation(flags, run, 'export.create', args)) as ExportResult;
  const result = { ...written, ...(await deliver(written.file, output, run)) };
  const io = reportIo(output, run.io);
  const { file } = result;
  if (flags.json) return printJson(io, { ...result, file });
  printLines(io, `Export written to ${output.out === STDOUT ? 'standard output' : file} (${byteSize(result.bytes)}): ${countsLine(result.counts)}.`);
  if (result.includesPasswordHashes) printLines(io, 'It holds password hashes: keep it private.');
  else printLines(io, 'Without password hashes: imported users sign in again after a password reset by mail, or after feedbackd user set-password.');
}
