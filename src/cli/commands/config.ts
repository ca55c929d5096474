import type { Command } from 'commander';
import { SETTINGS } from '../../config/settings.js';
import { wrappedList } from '../admin/content-command.js';
import type { CliRun } from '../io.js';
import { addSettingOptions } from '../setting-options.js';

/** Loaded on use: --help and usage errors need no file access. */
const actions = () => import('../ops/run-config.js');

const KEYS_HELP = `\nKeys:\n${wrappedList(SETTINGS.filter((setting) => setting.inFile).map((setting) => setting.key))}\n`;

/** `feedbackd config list|get|set|unset`: the keys of <data>/config.json, checked as flags and env are. */
export function addConfigCommand(program: Command, run: CliRun): void {
  const group = program
    .command('config')
    .description("show and change <data>/config.json (port, publicUrl, smtpUrl, rate limits…) with the flags' rules")
    .addHelpText('after', '\nA running feedbackd serve reads config.json at start: restart it after a change.');
  const sub = (name: string, about: string) => addSettingOptions(group.command(name).description(about), ['dataDir']);
  sub('list', 'every key with the value in force and where it comes from (flag, environment, config.json, default)').action(
    async (flags: Record<string, unknown>) => (await actions()).runConfigList(flags, run),
  );
  sub('get', 'the value in force of one key (for scripts)')
    .argument('<key>', 'e.g. port or smtpUrl')
    .addHelpText('after', KEYS_HELP)
    .action(async (key: string, flags: Record<string, unknown>) => (await actions()).runConfigGet(key, flags, run));
  sub('set', 'check a value by its rule and write it to config.json')
    .argument('<key>', 'e.g. port')
    .argument('<value>', 'e.g. 8080')
    .addHelpText('after', KEYS_HELP)
    .action(async (key: string, value: string, flags: Record<string, unknown>) => (await actions()).runConfigSet(key, value, flags, run));
  sub('unset', 'take a key out of config.json: its default (or the environment) applies again')
    .argument('<key>', 'e.g. publicUrl')
    .addHelpText('after', KEYS_HELP)
    .action(async (key: string, flags: Record<string, unknown>) => (await actions()).runConfigUnset(key, flags, run));
}
