import { migrateSchema } from '../../storage/migrate-schema.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { printJson, printLines } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { adminConfig, requireDataDir } from '../admin/run-operation.js';

/** `feedbackd migrate`: applies what the schema lacks and says where it stands. */
export async function runMigrate(flags: AdminFlags, run: CliRun): Promise<void> {
  const { config, logger } = await adminConfig(flags, run);
  // A JSON-file database is never created by migrate: a typo in --data must not look like a new board.
  if (config.databaseUrl === null) await requireDataDir(config.dataDir);
  const result = await migrateSchema(config, logger);
  if (flags.json) return printJson(run.io, result);
  if (result.engine === 'lowdb') {
    return printLines(run.io, `The JSON-file database in ${config.dataDir} is at schema version ${result.version}.`);
  }
  const done = result.applied.length === 0 ? 'nothing to apply' : `applied migration${result.applied.length > 1 ? 's' : ''} ${result.applied.join(', ')}`;
  printLines(run.io, `PostgreSQL schema is at migration ${result.version}: ${done}.`);
}
