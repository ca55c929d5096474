import { type Command, Option } from 'commander';
import { SOURCE_TOOLS } from '../../admin/import-from/source-model.js';
import { AppError } from '../../errors.js';
import { addAdminOptions, withJsonErrors } from '../admin/admin-options.js';
import type { CliRun } from '../io.js';
import type { ImportFlags } from '../ops/run-import.js';
import type { SourceImportFlags } from '../ops/run-source-import.js';

/** `feedbackd import <file>`, and `feedbackd import --from <tool> [source]` (issue 32). */
export function addImportCommand(program: Command, run: CliRun): void {
  const command = program
    .command('import')
    .description('import a file written by feedbackd export, or another board\'s data (--from), into this board (empty or not)')
    .argument('[source]', 'the export file (gzipped or not); with --from: the other board\'s file or database URL')
    .addOption(
      new Option('--on-conflict <policy>', 'a row whose id is here already, or whose email, url, slug, role name or activity id is taken: skip it, or import nothing')
        .choices(['skip', 'fail'])
        .default(undefined, 'skip'),
    )
    .addOption(new Option('--from <tool>', 'import from another board: its backup, export, database or API').choices([...SOURCE_TOOLS]))
    .option('--dry-run', 'with --from: print what would be created, matched and skipped, and write nothing')
    .option('--status-map <pairs>', 'with --from: where statuses go, e.g. "open=none,completed=Done" (default: a roadmap per status, none for open)')
    .option('--map <pairs>', 'with --from csv: the column of each field, e.g. "title=Title,content=Description,author=Email,votes=Votes,status=Status,board=Category,created=Date"')
    .option('--api-key-file <path>', 'with --from canny: the file holding the secret API key')
    .option('--api-url <url>', 'with --from canny: the API address (default https://canny.io/api)');
  addAdminOptions(command)
    .addHelpText(
      'after',
      '\nA feedbackd export: rows keep their ids. A post whose author is missing is refused; a missing board or roadmap becomes none.' +
        '\nA comment whose post or author is missing, or whose parent is missing or on another post, is refused.' +
        '\nUsers without a password hash in the file sign in after a password reset. Settings are taken from the file' +
        '\nonly into a board without users.' +
        '\n\nAnother board (--from fider|logchimp|canny|astuto|csv): people are matched by email, new accounts get no' +
        '\npassword and no mail; dates, hidden boards and vote counts are kept; statuses become roadmaps. All or nothing;' +
        '\nrunning it again imports only what is new. See the README, "Moving from another board".' +
        '\n\nProgress goes to stderr; the report and counts to stdout.',
    )
    .action((source: string | undefined, flags: ImportFlags & SourceImportFlags) =>
      withJsonErrors(run, flags, async () => {
        if (flags.from !== undefined) {
          const { runSourceImport } = await import('../ops/run-source-import.js');
          await runSourceImport(source, flags, run);
          return;
        }
        if (source === undefined) throw new AppError('INVALID_ARGUMENTS', 'import needs a file written by feedbackd export, or --from <tool> for another board', 400);
        const { runImport } = await import('../ops/run-import.js');
        await runImport(source, flags, run);
      }),
    );
}
