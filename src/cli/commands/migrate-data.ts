import type { Command } from 'commander';
import { addAdminOptions, withJsonErrors } from '../admin/admin-options.js';
import type { CliRun } from '../io.js';
import type { MigrateDataFlags } from '../ops/run-migrate-data.js';

/** `feedbackd migrate-data --to <target>`. */
export function addMigrateDataCommand(program: Command, run: CliRun): void {
  const command = program
    .command('migrate-data')
    .description('copy the whole board, same ids, into an empty PostgreSQL database or a new data directory')
    .requiredOption('--to <target>', 'a postgres://… URL of an empty database, or a new (or empty) directory for the JSON-file database');
  addAdminOptions(command)
    .addHelpText(
      'after',
      '\nThe source is the storage --data / --database (or FEEDBACKD_DATA, FEEDBACKD_DATABASE_URL, config.json) name.' +
        '\nStop the servers first: the source must not be written during the copy (a data directory held by a running' +
        '\nserver is refused). Every table is copied in one go: into PostgreSQL in one transaction, into a directory' +
        '\nwith its secret and config.json (mode 0700), and the copy is opened and its rows counted afterwards.' +
        '\nProgress goes to stderr; the counts and the serve command to run next to stdout.',
    )
    .action((flags: MigrateDataFlags) =>
      withJsonErrors(run, flags, async () => {
        const { runMigrateData } = await import('../ops/run-migrate-data.js');
        await runMigrateData(flags, run);
      }),
    );
}
