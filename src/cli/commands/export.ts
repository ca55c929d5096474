import type { Command } from 'commander';
import { addAdminOptions, withJsonErrors } from '../admin/admin-options.js';
import type { CliRun } from '../io.js';
import type { ExportFlags } from '../ops/run-export.js';

/** `feedbackd export`. */
export function addExportCommand(program: Command, run: CliRun): void {
  const command = program
    .command('export')
    .description('write the board (users, roles, boards, roadmaps, posts, votes, comments, settings) as a versioned JSON file')
    .option('--out <file>', 'where to write (default: feedbackd-export-<time>.json here; a name ending in .gz is gzipped; - for standard output)')
    .option('--force', 'replace the --out file if it exists')
    .option('--include-password-hashes', 'include the bcrypt password hashes, so users keep their passwords after an import');
  addAdminOptions(command)
    .addHelpText(
      'after',
      '\nRead it back with feedbackd import. Works whether or not feedbackd serve is running. The file appears only' +
        '\nonce complete. --out may not be inside the data directory, nor a directory, device, socket, FIFO or' +
        '\nsymbolic link; an existing file is replaced only with --force.',
    )
    .action((flags: ExportFlags) =>
      withJsonErrors(run, flags, async () => {
        const { runExport } = await import('../ops/run-export.js');
        await runExport(flags, run);
      }),
    );
}
