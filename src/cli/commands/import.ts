import { type Command, Option } from 'commander';
import { addAdminOptions, withJsonErrors } from '../admin/admin-options.js';
import type { CliRun } from '../io.js';
import type { ImportFlags } from '../ops/run-import.js';

/** `feedbackd import <file>`. */
export function addImportCommand(program: Command, run: CliRun): void {
  const command = program
    .command('import')
    .description('import a file written by feedbackd export into this board (empty or not)')
    .argument('<file>', 'the export file (gzipped or not)')
    .addOption(
      new Option('--on-conflict <policy>', 'a row whose id is here already, or whose email, url, slug, role name or activity id is taken: skip it, or import nothing')
        .choices(['skip', 'fail'])
        .default(undefined, 'skip'),
    );
  addAdminOptions(command)
    .addHelpText(
      'after',
      '\nRows keep their ids. A post whose author is missing is refused; a missing board or roadmap becomes none.' +
        '\nA comment whose post or author is missing, or whose parent is missing or on another post, is refused.' +
        '\nUsers without a password hash in the file sign in after a password reset. Settings are taken from the file' +
        '\nonly into a board without users. Progress goes to stderr; the report and counts to stdout.',
    )
    .action((file: string, flags: ImportFlags) =>
      withJsonErrors(run, flags, async () => {
        const { runImport } = await import('../ops/run-import.js');
        await runImport(file, flags, run);
      }),
    );
}
