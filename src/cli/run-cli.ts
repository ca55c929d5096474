import type { CliIo, CliRun } from './io.js';
import { createProgram } from './program.js';
import { reportError } from './report-error.js';

/** Runs one command line (arguments after the program name); resolves with the exit code. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const run: CliRun = { io, showStacks: false };
  try {
    await createProgram(run).parseAsync([...args], { from: 'user' });
    return 0;
  } catch (error) {
    return reportError(error, run);
  }
}
