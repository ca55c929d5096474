import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { sendToServer } from '../../admin/control-client.js';
import { controlSocketPath } from '../../admin/control-protocol.js';
import { type OperationArgs, runOperation } from '../../admin/operations.js';
import { resolveConfig } from '../../config/load.js';
import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';
import { createLogger, type Logger } from '../../logger.js';
import { createServiceContext } from '../../services/create-context.js';
import type { CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';

/** How an operation is run. */
export interface AdminRunOptions {
  /** How long to wait for a running server's answer (default one minute); long operations (backup) give more. */
  answerTimeoutMs?: number;
}

/** PostgreSQL serves many processes at once: no need to go through a server. */
const NOT_SENT = { answered: false } as const;

/** How long a command keeps trying while the data directory changes hands (a server starting or stopping). */
const HANDOVER_PATIENCE_MS = 5_000;
const RETRY_DELAY_MS = 100;

/**
 * Runs an admin operation wherever the data is: sent to the running server over its control
 * socket when one answers, else run in this process with the data directory opened (and locked)
 * directly. Configuration is resolved as for serve (flags > environment > config.json). Never two
 * writers: the direct path holds the lock, and a lock held by a server that does not answer is
 * refused with a clear message.
 */
export async function runAdminOperation(
  flags: AdminFlags | Readonly<Record<string, unknown>>,
  run: CliRun,
  op: string,
  args: OperationArgs = {},
  options: AdminRunOptions = {},
): Promise<unknown> {
  const { config, logger } = await adminConfig(flags, run);
  await requireDataDir(config.dataDir);
  const deadline = Date.now() + HANDOVER_PATIENCE_MS;
  for (;;) {
    const answer = config.databaseUrl === null ? await sendToServer(config.dataDir, { op, args }, options.answerTimeoutMs) : NOT_SENT;
    if (answer.answered) {
      logger.debug({ op, socket: controlSocketPath(config.dataDir) }, 'admin operation ran in the running server');
      return answer.result;
    }
    try {
      return await runHere(config, logger, op, args);
    } catch (error) {
      if (!isLocked(error)) throw error;
      if (Date.now() >= deadline) throw lockedWithoutSocket(error, config.dataDir);
      logger.debug({ op }, 'data directory locked and no server answers yet; trying again');
      await sleep(RETRY_DELAY_MS);
    }
  }
}

/**
 * The configuration and logger of an admin command, resolved as for serve (flags > environment >
 * config.json). Only the settings' flags are read (--data, --database, --log-level); the
 * command's own are ignored. The command prints its own outcome: log lines only when a level was
 * asked for, stacks with debug or trace.
 */
export async function adminConfig(
  flags: AdminFlags | Readonly<Record<string, unknown>>,
  run: CliRun,
): Promise<{ config: Config; logger: Logger }> {
  const loaded = await resolveConfig({ flags: flags as Readonly<Record<string, unknown>>, env: run.io.env });
  const { config } = loaded;
  run.showStacks = ['debug', 'trace'].includes(config.logLevel);
  const logger = createLogger(loaded.sources.logLevel.kind === 'default' ? 'warn' : config.logLevel, config.logFormat);
  return { config, logger };
}

/** Opens the data directory (taking its lock), runs the operation, closes. */
async function runHere(config: Config, logger: Logger, op: string, args: OperationArgs): Promise<unknown> {
  const ctx = await createServiceContext(config, logger);
  try {
    // Arguments and result as they would cross the socket, so both paths behave and print alike.
    const result = await runOperation(ctx, op, plainData(args) as OperationArgs);
    logger.debug({ op, dataDir: config.dataDir }, 'admin operation ran on the data directory (no server running)');
    return plainData(result);
  } finally {
    await ctx.close();
  }
}

/** A value as it would cross the socket (JSON: undefined keys dropped, Dates as text). */
function plainData(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** Admin commands never create a data directory: a typo in --data must not look like an empty board. */
export async function requireDataDir(dataDir: string): Promise<void> {
  const isDirectory = await stat(dataDir).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (isDirectory) return;
  throw new AppError(
    'DATA_DIR_MISSING',
    `There is no data directory at ${dataDir}: give --data <dir> (or set FEEDBACKD_DATA), or create one with feedbackd init`,
    400,
  );
}

function isLocked(error: unknown): error is AppError {
  return error instanceof AppError && error.code === 'DATA_DIR_LOCKED';
}

function lockedWithoutSocket(error: AppError, dataDir: string): AppError {
  return new AppError(
    'DATA_DIR_LOCKED',
    `${error.message}, and no server answers on ${controlSocketPath(dataDir)}: wait for that process to finish (or stop it) and try again`,
    error.status,
  );
}
