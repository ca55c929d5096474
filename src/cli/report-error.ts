import { CommanderError } from 'commander';
import { AppError } from '../errors.js';
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
    errorLine(run, error.message);
    return 1;
  }
  if (isPromptAbort(error)) {
    errorLine(run, 'cancelled; the site was not set up');
    return 1;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (run.showStacks && error instanceof Error && error.stack) {
    errorLine(run, error.stack);
  } else {
    errorLine(run, `unexpected failure: ${message} (--log-level debug shows the stack)`);
  }
  return 1;
}
