import type { Command } from 'commander';
import { addAdminOptions, withJsonErrors } from '../admin/admin-options.js';
import type { CliRun } from '../io.js';
import type { BackupFlags } from '../ops/run-backup.js';

/** `feedbackd backup`. */
export function addBackupCommand(program: Command, run: CliRun): void {
  const command = program
    .command('backup')
    .description('write one file with everything: data, settings, config.json and the secret (while serving, too)')
    .option('--out <file>', 'where to write (default: feedbackd-backup-<time>.json here; a name ending in .gz is gzipped; - for standard output)')
    .option('--force', 'replace the --out file if it exists');
  addAdminOptions(command)
    .addHelpText(
      'after',
      '\nA running server writes the file itself (through <data>/control.sock) without stopping; otherwise the' +
        '\ncommand opens the data directory. The file has mode 0600: it holds the secret that signs access tokens.' +
        '\nIt appears only once complete. --out may not be inside the data directory, nor a directory, device,' +
        '\nsocket, FIFO or symbolic link; an existing file is replaced only with --force.',
    )
    .action((flags: BackupFlags) =>
      withJsonErrors(run, flags, async () => {
        const { runBackup } = await import('../ops/run-backup.js');
        await runBackup(flags, run);
      }),
    );
}
