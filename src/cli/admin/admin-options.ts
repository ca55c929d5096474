import { type Command, CommanderError } from 'commander';
import { AppError } from '../../errors.js';
import { cliMessage } from '../error-wording.js';
import type { CliRun } from '../io.js';
import { addSettingOptions } from '../setting-options.js';

/** The options every admin command takes, as commander stores them (undefined = not given). */
export interface AdminFlags {
  data?: string;
  database?: string;
  logLevel?: string;
  json?: boolean;
}

/** Adds the flags of every admin command: where the data is (--data, --database), --log-level and --json. */
export function addAdminOptions(command: Command): Command {
  // From the settings table, as serve has them: the same help texts and environment variables.
  addSettingOptions(command, ['dataDir', 'databaseUrl', 'logLevel']);
  return command.option('--json', 'print JSON instead of text; a failure is then {"error":{"code","message"}} on stderr');
}

/**
 * Runs a command's work. With --json a failure is printed as one JSON line on stderr, and the
 * exit code is still 1; without it, the CLI's usual `error: <message>` line is printed.
 */
export async function withJsonErrors(run: CliRun, flags: AdminFlags, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!flags.json || error instanceof CommanderError) throw error;
    run.io.stderr.write(`${JSON.stringify({ error: jsonError(error) })}\n`);
    // Already reported: the CLI's error reporter treats a CommanderError as printed and only exits.
    throw new CommanderError(1, 'feedbackd.reported', 'reported as JSON');
  }
}

function jsonError(error: unknown): { code: string; message: string } {
  if (error instanceof AppError) return { code: error.code, message: cliMessage(error) };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'SERVER_ERROR', message: `Unexpected failure: ${message}` };
}
