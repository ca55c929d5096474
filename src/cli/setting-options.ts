import type { Command } from 'commander';
import { settingHelp, settingOf } from '../config/settings.js';
import type { Config } from '../config/types.js';

/** Adds the flags of these settings, with help text from the settings table and no commander default. */
export function addSettingOptions(command: Command, keys: ReadonlyArray<keyof Config>): Command {
  for (const key of keys) {
    const setting = settingOf(key);
    // No default here: "not given" must stay undefined so env and config.json can apply.
    if (setting.flag) command.option(setting.flag, settingHelp(setting));
  }
  return command;
}
