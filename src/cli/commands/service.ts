import type { Command } from 'commander';
import type { CliRun } from '../io.js';
import { addSettingOptions } from '../setting-options.js';

/** `feedbackd service --print`. */
export function addServiceCommand(program: Command, run: CliRun): void {
  const command = program
    .command('service')
    .description('print a systemd unit that runs serve on this machine (restart on failure, hardened)')
    .option('--print', 'print the unit to standard output (the only action: nothing is installed)')
    .option('--user <name>', 'system user that runs serve (default: the current user; "feedbackd" when run as root)');
  addSettingOptions(command, ['dataDir']);
  command.addHelpText(
    'after',
    '\nExample: feedbackd service --print --user feedbackd --data /var/lib/feedbackd > /etc/systemd/system/feedbackd.service',
  );
  command.action(async (flags: Record<string, unknown>) => {
    const { runService } = await import('../ops/run-service.js');
    await runService(flags, run);
  });
}
