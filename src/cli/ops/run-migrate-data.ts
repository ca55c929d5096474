import { type MigrateDataResult, migrateData } from '../../admin/migrate-data.js';
import type { Config } from '../../config/types.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { printJson, printLines } from '../admin/output.js';
import { adminConfig, requireDataDir } from '../admin/run-operation.js';
import type { CliRun } from '../io.js';
import { progressDisplay } from './progress.js';

/** The flags of `feedbackd migrate-data`. */
export interface MigrateDataFlags extends AdminFlags {
  to: string;
}

/** `feedbackd migrate-data --to <target>`: progress on stderr while it copies, then the counts and what to run next on stdout. */
export async function runMigrateData(flags: MigrateDataFlags, run: CliRun): Promise<void> {
  const { config, logger } = await adminConfig(flags, run);
  // Opening a JSON-file database creates a missing one: a typo in --data must not copy an empty board.
  if (config.databaseUrl === null) await requireDataDir(config.dataDir);
  const display = progressDisplay(run.io.stderr, 'migrate-data');
  let result: MigrateDataResult;
  try {
    result = await migrateData({ source: config, to: flags.to, logger, onProgress: (p) => display.update({ ...p, stage: p.table }) });
  } finally {
    display.finish();
  }
  for (const note of notes(config, flags.to, result)) run.io.stderr.write(`note: ${note}\n`);
  if (flags.json) return printJson(run.io, { target: result.target, counts: result.counts });
  const width = Math.max(...Object.keys(result.counts).map((name) => name.length));
  printLines(
    run.io,
    `Copied into ${result.kind === 'postgres' ? 'the PostgreSQL database' : 'the data directory'} ${result.target}:`,
    ...Object.entries(result.counts).map(([name, count]) => `  ${name.padEnd(width)}  ${String(count).padStart(8)}`),
    `Serve it with: ${serveCommand(config, result)}`,
  );
}

function serveCommand(config: Config, result: MigrateDataResult): string {
  // The data directory keeps the secret and config.json when only the database moves.
  return result.kind === 'postgres' ? `feedbackd serve --data ${config.dataDir} --database '${result.target}'` : `feedbackd serve --data ${result.target}`;
}

/** What the operator has to know besides the counts. */
function notes(config: Config, to: string, result: MigrateDataResult): string[] {
  const notes: string[] = [];
  if (result.kind === 'postgres' && result.target !== to) {
    notes.push('the serve command leaves the password out: give it in FEEDBACKD_DATABASE_URL or the URL');
  }
  if (result.kind === 'postgres' && config.databaseUrl === null) {
    notes.push(`the JSON files in ${config.dataDir} are not read while --database is given; keep them until you have checked the copy`);
  }
  if (result.secretSource === 'env') {
    notes.push('the secret comes from FEEDBACKD_SECRET: keep setting the same value when serving the copy, or tokens will not be accepted');
  }
  if (result.kind === 'directory' && result.secretSource === 'none') {
    notes.push('the source has no secret file: the copy makes a new one when it starts, and earlier access tokens will not be accepted');
  }
  if (result.configCopied) notes.push(`config.json was copied into ${result.target} (without databaseUrl)`);
  return notes;
}
