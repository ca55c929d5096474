import { sendToServer } from '../../admin/control-client.js';
import type { OperationArgs } from '../../admin/operations.js';
import { resolveConfig } from '../../config/load.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { runAdminOperation } from '../admin/run-operation.js';
import type { CliRun } from '../io.js';

/** Backups, exports and imports of big boards take a while; the socket's usual minute is not enough. */
export const LONG_ANSWER_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * Like runAdminOperation, but a running server is given an hour to answer: it sends nothing while
 * it works. Without a running server, runAdminOperation opens the data directory as usual.
 */
export async function runLongOperation(
  flags: AdminFlags,
  run: CliRun,
  op: string,
  args: OperationArgs,
): Promise<unknown> {
  const { config } = await resolveConfig({ flags: commanderFlags(flags), env: run.io.env });
  if (config.databaseUrl === null) {
    const answer = await sendToServer(config.dataDir, { op, args }, LONG_ANSWER_TIMEOUT_MS);
    if (answer.answered) return answer.result;
  }
  return runAdminOperation(flags, run, op, args);
}

/** Flags as the configuration loader takes them (commander's option values by attribute name). */
export function commanderFlags(flags: AdminFlags): Readonly<Record<string, unknown>> {
  return flags as Readonly<Record<string, unknown>>;
}
