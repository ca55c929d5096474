import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { SourceImportSummary } from '../../admin/import-from/source-report.js';
import type { SourceTool } from '../../admin/import-from/source-model.js';
import { resolveConfig } from '../../config/load.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { printJson } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { inputPath } from './file-output.js';
import { followImportProgress } from './import-progress-poller.js';
import { printSourceSummary } from './source-import-output.js';
import { progressDisplay } from './progress.js';
import { commanderFlags, runLongOperation } from './run-long-operation.js';
import { createMissingDataDir } from './run-import.js';

/** The flags of `feedbackd import --from <tool>`. */
export interface SourceImportFlags extends AdminFlags {
  from?: SourceTool;
  dryRun?: boolean;
  statusMap?: string;
  map?: string;
  apiKeyFile?: string;
  apiUrl?: string;
}

const DATABASE_URL = /^postgres(ql)?:\/\//;

/** `feedbackd import --from <tool> [source]`: progress on stderr, then the report on stdout. */
export async function runSourceImport(source: string | undefined, flags: SourceImportFlags, run: CliRun): Promise<void> {
  const { config } = await resolveConfig({ flags: commanderFlags(flags), env: run.io.env });
  await createMissingDataDir(config.dataDir, run);
  const progressId = randomBytes(12).toString('base64url');
  const display = progressDisplay(run.io.stderr, flags.dryRun ? 'checking' : 'import');
  const follower = followImportProgress(config.dataDir, progressId, display);
  let summary: SourceImportSummary;
  try {
    const args = {
      from: flags.from,
      ...(source === undefined ? {} : { source: DATABASE_URL.test(source) ? source : await inputPath(source) }),
      ...(flags.apiKeyFile === undefined ? {} : { apiKeyFile: resolve(flags.apiKeyFile) }),
      ...(flags.apiUrl === undefined ? {} : { apiUrl: flags.apiUrl }),
      ...(flags.map === undefined ? {} : { map: flags.map }),
      ...(flags.statusMap === undefined ? {} : { statusMap: flags.statusMap }),
      dryRun: flags.dryRun === true,
      progressId,
    };
    summary = (await runLongOperation(flags, run, 'import.source', args)) as SourceImportSummary;
  } finally {
    follower.stop();
    display.finish();
  }
  if (flags.json) printJson(run.io, summary);
  else printSourceSummary(run.io, summary);
}
