import type { SettingChange } from '../../admin/settings-operations.js';
import { parseSettingName, type SettingValue, settingEntries, settingValue } from '../../admin/setting-keys.js';
import { AppError } from '../../errors.js';
import type { Settings } from '../../services/settings-views.js';
import type { CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { quoted } from './content-fields.js';
import { printFields, printJson, printLines } from './output.js';
import { runAdminOperation } from './run-operation.js';

/** The work of `feedbackd settings get|set`. */

/** The flags of `settings set`. */
export interface SetFlags extends AdminFlags {
  clear?: boolean;
}

/** `settings get [key]`: every setting, or one value alone on its line (empty when unset), ready for `$(…)`. */
export async function getSettingsCommand(key: string | undefined, flags: AdminFlags, run: CliRun): Promise<void> {
  const settings = (await runAdminOperation(flags, run, 'settings.get', { key })) as Settings;
  if (key === undefined) {
    if (flags.json) return printJson(run.io, settings);
    return printFields(run.io, settingEntries(settings).map(([name, value]) => [name, shown(value)]));
  }
  const value = settingValue(settings, parseSettingName(key));
  if (flags.json) return printJson(run.io, value);
  printLines(run.io, plain(value));
}

/** `settings set <key> [value] [--clear]`: the lines name every setting that changed. */
export async function setSettingCommand(key: string, value: string | undefined, flags: SetFlags, run: CliRun): Promise<void> {
  if (value !== undefined && flags.clear) throw new AppError('INVALID_ARGUMENTS', 'Give a value or --clear, not both', 400);
  if (value === undefined && !flags.clear) throw new AppError('INVALID_ARGUMENTS', `Give a value for ${key}, or --clear`, 400);
  const change = (await runAdminOperation(flags, run, 'settings.set', { key, value: value ?? null })) as SettingChange;
  if (flags.json) return printJson(run.io, change);
  if (change.changed.length === 0) {
    return printLines(run.io, `${change.key} was already ${shown(settingValue(change.settings, change.key))}.`);
  }
  printLines(run.io, ...change.changed.map((name) => changeLine(name, settingValue(change.settings, name))));
}

/** What a switch does, said where its name alone does not tell (API.md §3.14). */
const EFFECTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'labs.comments': {
    true: 'people can comment and reply',
    false: 'new public comments are refused (403 COMMENTS_DISABLED); internal notes still work, existing comments stay',
  },
  'labs.voteOnBehalf': { true: 'holders of vote:assign can vote for a user', false: 'nobody can vote for another user' },
  allowSignup: { true: 'visitors can create accounts', false: 'visitors can no longer sign up; existing accounts still sign in' },
};

function changeLine(name: string, value: SettingValue): string {
  const effect = EFFECTS[name]?.[String(value)];
  return `${name} is now ${shown(value)}${effect ? `: ${effect}` : ''}.`;
}

/** The value as `settings set` takes it back: text as is, a list comma-separated, unset as nothing. */
function plain(value: SettingValue): string {
  if (value === null) return '';
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** Text in quotes (exact, and safe on a terminal), a list as its quoted items, flags as true/false, unset or empty as (none). */
function shown(value: SettingValue): string {
  if (value === null || (Array.isArray(value) && value.length === 0)) return '(none)';
  if (Array.isArray(value)) return value.map(quoted).join(', ');
  return typeof value === 'string' ? quoted(value) : String(value);
}
