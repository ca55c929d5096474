import { CommanderError } from 'commander';
import { AppError } from '../errors.js';
import { cliMessage } from './error-wording.js';
import type { CliRun } from './io.js';
import { isPromptAbort } from './prompt.js';

function errorLine(run: CliRun, line: string): void {
  run.io.stderr.write(`error: ${line}\n`);
}

/** Prints a failure the way users should see it and returns the exit code. */
export function reportError(error: unknown, run: CliRun): number {
  // commander has already printed its own usage error (or the help/version text).
  if (error instanceof CommanderError) return error.exitCode;
  if (error instanceof AppError) {
    errorLine(run, cliMessage(error));
    return 1;
  }
  if (isPromptAbort(error)) {
    errorLine(run, 'Cancelled: the site was not set up');
    return 1;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (run.showStacks && error instanceof Error && error.stack) {
    errorLine(run, error.stack);
  } else {
    errorLine(run, `Unexpected failure: ${message} (--log-level debug shows the stack)`);
  }
  return 1;
}
