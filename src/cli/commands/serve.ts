import type { Command } from 'commander';
import { SETTINGS } from '../../config/settings.js';
import type { CliRun } from '../io.js';
import { addSettingOptions } from '../setting-options.js';

/** Every setting that has a flag is a serve flag. */
const SERVE_FLAG_KEYS = SETTINGS.filter((setting) => setting.flag !== undefined).map((setting) => setting.key);

/** `feedbackd serve`. */
export function addServeCommand(program: Command, run: CliRun): void {
  const command = program
    .command('serve')
    .description('start the HTTP server (stops cleanly on SIGINT or SIGTERM)')
    .addHelpText('after', '\nEvery flag can also come from an environment variable or <data>/config.json.');
  addSettingOptions(command, SERVE_FLAG_KEYS);
  command.action(async (flags: Record<string, unknown>) => {
    // Loaded on use: --help, --version and usage errors need none of the server's modules.
    const { runServe } = await import('../serve/run-serve.js');
    await runServe(flags, run);
  });
}
