import { type Command, Option } from 'commander';
import { settingHelp, settingOf } from '../config/settings.js';
import type { Config } from '../config/types.js';

/** Adds the flags of these settings, with help text from the settings table and no commander default. */
export function addSettingOptions(command: Command, keys: ReadonlyArray<keyof Config>): Command {
  for (const key of keys) {
    const setting = settingOf(key);
    // No default here: "not given" must stay undefined so env and config.json can apply.
    if (!setting.flag) continue;
    // commander gives a lone `--no-x` the default true; with a (hidden) `--x` first it gives none.
    if (setting.flag.startsWith('--no-')) command.addOption(new Option(setting.flag.replace(/^--no-/, '--')).hideHelp());
    command.option(setting.flag, settingHelp(setting));
  }
  return command;
}
