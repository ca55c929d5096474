import type { ExportResult } from '../../admin/export.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { printJson, printLines } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { byteSize, countsLine, outputPath } from './file-output.js';
import { runLongOperation } from './run-long-operation.js';

/** The flags of `feedbackd export`. */
export interface ExportFlags extends AdminFlags {
  out?: string;
  includePasswordHashes?: boolean;
}

/** `feedbackd export`: the board's data in the documented JSON format, written by the server when one runs. */
export async function runExport(flags: ExportFlags, run: CliRun): Promise<void> {
  const out = await outputPath(flags.out, 'feedbackd-export');
  const args = { out, includePasswordHashes: flags.includePasswordHashes === true };
  const result = (await runLongOperation(flags, run, 'export.create', args)) as ExportResult;
  if (flags.json) return printJson(run.io, result);
  printLines(run.io, `Export written to ${result.file} (${byteSize(result.bytes)}): ${countsLine(result.counts)}.`);
  if (result.includesPasswordHashes) printLines(run.io, 'It holds password hashes: keep it private.');
  else printLines(run.io, 'Without password hashes: imported users sign in again after a password reset.');
}
