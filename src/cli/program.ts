import { Command } from 'commander';
import { VERSION } from '../version.js';
import { addInitCommand } from './commands/init.js';
import { addMailCommand } from './commands/mail.js';
import { addServeCommand } from './commands/serve.js';
import type { CliRun } from './io.js';

/** The commander root with every command; it throws instead of exiting, so the caller picks the exit code. */
export function createProgram(run: CliRun): Command {
  const program = new Command('feedbackd')
    .description('A self-hosted feedback board: users, boards, posts, votes and roadmaps behind a JSON API.')
    .version(VERSION)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => run.io.stdout.write(text),
      writeErr: (text) => run.io.stderr.write(text),
    });
  // Subcommands created after this point inherit exitOverride and the output configuration.
  addInitCommand(program, run);
  addServeCommand(program, run);
  addMailCommand(program, run);
  return program;
}
