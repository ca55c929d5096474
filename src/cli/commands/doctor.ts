import type { Command } from 'commander';
import { addAdminOptions, withJsonErrors } from '../admin/admin-options.js';
import type { CliRun } from '../io.js';
import type { DoctorFlags } from '../ops/run-doctor.js';
import { addSettingOptions } from '../setting-options.js';

/** `feedbackd doctor`. */
export function addDoctorCommand(program: Command, run: CliRun): void {
  const command = program
    .command('doctor')
    .description('check the installation: data directory and permissions, storage, lock, mail, public URL, port')
    .option('--send-test <address>', 'also send a test message to this address');
  addAdminOptions(command);
  addSettingOptions(command, ['host', 'port', 'publicUrl', 'smtpUrl', 'mailOutbox', 'mailFrom']);
  command
    .addHelpText(
      'after',
      '\nOne line per check: ok, warn or fail, what was found — what to do. Exit code 1 when a check fails.' +
        '\nGive the same flags and environment as serve, so the checks see its configuration.',
    )
    .action((flags: DoctorFlags) =>
      withJsonErrors(run, flags, async () => {
        const { runDoctor } = await import('../ops/run-doctor.js');
        await runDoctor(flags, run);
      }),
    );
}
