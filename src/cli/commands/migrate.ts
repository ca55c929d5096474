import type { Command } from 'commander';
import { type AdminFlags, addAdminOptions, withJsonErrors } from '../admin/admin-options.js';
import type { CliRun } from '../io.js';

/** `feedbackd migrate`. */
export function addMigrateCommand(program: Command, run: CliRun): void {
  const command = program.command('migrate').description("bring the database's schema up to this feedbackd's version (serve does it too, at start)");
  addAdminOptions(command)
    .addHelpText(
      'after',
      '\nPostgreSQL: applies the numbered migrations the database lacks, under an advisory lock, so it is safe' +
        '\nwhile servers run (run it before starting upgraded servers). JSON-file database: upgrades the files in' +
        '\nthe data directory, which needs the server stopped.',
    )
    .action((flags: AdminFlags) =>
      withJsonErrors(run, flags, async () => {
        const { runMigrate } = await import('../ops/run-migrate.js');
        await runMigrate(flags, run);
      }),
    );
}
