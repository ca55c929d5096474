import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { ConflictPolicy } from '../../admin/import.js';
import type { ImportSummary } from '../../admin/import-report.js';
import { ensureDataDir } from '../../config/data-dir.js';
import { resolveConfig } from '../../config/load.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { printJson } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { inputPath } from './file-output.js';
import { followImportProgress } from './import-progress-poller.js';
import { printImportSummary } from './import-output.js';
import { progressDisplay } from './progress.js';
import { commanderFlags, runLongOperation } from './run-long-operation.js';

/** The flags of `feedbackd import`. */
export interface ImportFlags extends AdminFlags {
  onConflict?: ConflictPolicy;
}

/** `feedbackd import <file>`: progress on stderr while it runs, then the report and the counts on stdout. */
export async function runImport(file: string, flags: ImportFlags, run: CliRun): Promise<void> {
  const path = await inputPath(file);
  const { config } = await resolveConfig({ flags: commanderFlags(flags), env: run.io.env });
  await createMissingDataDir(config.dataDir, run);
  const progressId = randomBytes(12).toString('base64url');
  const display = progressDisplay(run.io.stderr, 'import');
  const follower = followImportProgress(config.dataDir, progressId, display);
  let summary: ImportSummary;
  try {
    const args = { file: path, onConflict: flags.onConflict ?? 'skip', progressId };
    summary = (await runLongOperation(flags, run, 'import.run', args)) as ImportSummary;
  } finally {
    follower.stop();
    display.finish();
  }
  if (flags.json) printJson(run.io, summary);
  else printImportSummary(run.io, path, summary);
}

/** Importing into a new board is what the command is for: a missing data directory is created (mode 0700), and said so. */
export async function createMissingDataDir(dataDir: string, run: CliRun): Promise<void> {
  if (await stat(dataDir).then(() => true, () => false)) return;
  await ensureDataDir(dataDir);
  run.io.stderr.write(`note: created the data directory ${dataDir} (a new, empty board)\n`);
}
