import type { Command } from 'commander';
import { addAdminOptions, withJsonErrors } from '../admin/admin-options.js';
import type { CliRun } from '../io.js';
import type { RestoreFlags } from '../ops/run-restore.js';

/** `feedbackd restore <file>`. */
export function addRestoreCommand(program: Command, run: CliRun): void {
  const command = program
    .command('restore')
    .description('restore a backup file into an empty data directory (or PostgreSQL database): same data, same ids, same tokens')
    .argument('<file>', 'a file written by feedbackd backup (gzipped or not)')
    .option('--force', 'replace the database, config.json and secret of a data directory that is not empty (and every row of a --database)');
  addAdminOptions(command)
    .addHelpText(
      'after',
      '\nThe whole file is checked before anything is written. The server must be stopped: a data directory' +
        '\nheld by a running feedbackd is refused. A new directory is created with mode 0700. With --database the rows' +
        '\ngo into that PostgreSQL database in one transaction (an empty one, unless --force); the secret and' +
        '\nconfig.json still go into the data directory.',
    )
    .action((file: string, flags: RestoreFlags) =>
      withJsonErrors(run, flags, async () => {
        const { runRestore } = await import('../ops/run-restore.js');
        await runRestore(file, flags, run);
      }),
    );
}
