import { isDeepStrictEqual } from 'node:util';
import { validationError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import type { Settings } from '../services/settings-views.js';
import { getSiteSettings, updateLabs, updateSiteSettings } from '../services/settings.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { parseSettingName, SETTING_KEYS, type SettingKey, type SettingKind, type SettingName, settingEntries } from './setting-keys.js';
import { systemActor } from './system-actor.js';

/** What `settings set` did: every setting afterwards, and the keys whose values changed (the logo may bring the icon along). */
export interface SettingChange {
  key: SettingName;
  changed: SettingName[];
  settings: Settings;
}

/**
 * `feedbackd settings get|set`: `key` is one of SETTING_KEYS; `value` is the text typed (null =
 * clear). The value is written by the same services as `PATCH /settings/site` and
 * `PATCH /settings/labs`, so their rules and messages apply.
 */
export const SETTINGS_OPERATIONS: OperationTable = {
  'settings.get': async (ctx, args) => {
    // Checked here, so an unknown key is refused alike through the server and without it.
    if (args.key !== undefined) parseSettingName(args.key);
    return getSiteSettings(ctx);
  },
  'settings.set': (ctx, args) => setSetting(ctx, args),
};

async function setSetting(ctx: ServiceContext, args: OperationArgs): Promise<SettingChange> {
  const key = parseSettingName(args.key);
  const { route, field, kind }: SettingKey = SETTING_KEYS[key];
  const value = parseValue(args.value, key, kind);
  const before = new Map(settingEntries(await getSiteSettings(ctx)));
  if (route === 'labs') await updateLabs(ctx, systemActor(), { [field]: value });
  else await updateSiteSettings(ctx, systemActor(), { [field]: value });
  const settings = await getSiteSettings(ctx);
  const changed = settingEntries(settings).filter(([name, after]) => !isDeepStrictEqual(before.get(name), after));
  return { key, changed: changed.map(([name]) => name), settings };
}

/** The typed value as the route's body field takes it. */
function parseValue(value: unknown, key: SettingName, kind: SettingKind): string | boolean | string[] | null {
  if (kind === 'boolean') return parseBooleanText(value, key);
  if (kind === 'list') return parseListText(value, key);
  return parseText(value, key, kind === 'clearable');
}

/**
 * Comma-separated items, each as typed (the API trims and checks them, naming a bad one by its
 * position); empty text and null clear the list.
 */
function parseListText(value: unknown, key: SettingName): string[] {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return [];
  if (typeof value !== 'string') throw validationError(key, 'must be a comma-separated list');
  return value.split(',');
}

/** `true` or `false` (any case; JSON booleans too); a flag cannot be cleared. */
function parseBooleanText(value: unknown, key: SettingName): boolean {
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  throw validationError(key, 'must be true or false');
}

/** Text goes to the API as typed (it trims and checks); null clears, where the key may be cleared. */
function parseText(value: unknown, key: SettingName, clearable: boolean): string | null {
  if (typeof value === 'string') return value;
  if (value === null && clearable) return null;
  if (value === null) throw validationError(key, 'cannot be cleared: give a value');
  throw validationError(key, 'must be a string');
}
