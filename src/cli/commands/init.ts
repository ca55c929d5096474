import type { Command } from 'commander';
import { addSettingOptions } from '../setting-options.js';
import type { CliRun } from '../io.js';
import type { InitFlags } from '../init/init-flags.js';

/** `feedbackd init`. */
export function addInitCommand(program: Command, run: CliRun): void {
  const command = program
    .command('init')
    .description('set up a new board: data directory, owner account, mail; then offer to start it')
    .option('--site-title <title>', 'site title (default Feedback)')
    .option('--name <name>', 'your name (optional)')
    .option('--email <address>', 'your email address: you sign in with it as the owner')
    .option('--password-file <path>', 'read the owner password from this file (one trailing newline is ignored)')
    .option('--password-stdin', 'read the owner password from standard input (implies no prompts)');
  addSettingOptions(command, ['dataDir', 'databaseUrl', 'smtpUrl', 'mailOutbox', 'publicUrl', 'port']);
  command
    .option('-y, --yes', 'never prompt: take everything from flags, fail listing the missing ones')
    .option('--serve', 'start serving once set up, without asking')
    .option('--no-serve', 'do not offer to start serving')
    .option('--force', 'set up in a directory that is not empty and holds no feedbackd data, or that belongs to another database (refused without it)')
    .addHelpText(
      'after',
      '\nA password is never accepted on the command line. Without a terminal, init never prompts. A --data directory' +
        '\nthat already holds feedbackd data is reported (an owner exists) or completed; one that holds other files is' +
        '\nrefused unless --force, since init makes it private (mode 0700) and writes its database and secret into it.',
    );
  command.action(async (flags: InitFlags) => {
    // Loaded on use, like serve: the wizard pulls in the services and storage.
    const { runInit } = await import('../init/run-init.js');
    await runInit(flags, run);
  });
}
