import { AppError } from '../errors.js';
import type { Settings } from '../services/settings-views.js';

/*
 * The keys of `feedbackd settings get|set`: the site settings of API.md §3.13 under their API
 * names, and the lab flags as `labs.<flag>`. Each says which route's service writes it and how a
 * typed value becomes the JSON value that route takes.
 */

/**
 * How a value given on the command line is read: text as is, text that may be cleared, true/false,
 * or a comma-separated list (empty or cleared: none).
 */
export type SettingKind = 'text' | 'clearable' | 'boolean' | 'list';

/** Where a key lives: `PATCH /settings/site` or `PATCH /settings/labs`, under which body field. */
export interface SettingKey {
  route: 'site' | 'labs';
  field: string;
  kind: SettingKind;
}

/** Every key, in the order of API.md §3.13, then feedbackd's own. */
export const SETTING_KEYS = {
  title: { route: 'site', field: 'title', kind: 'text' },
  description: { route: 'site', field: 'description', kind: 'clearable' },
  logo: { route: 'site', field: 'logo', kind: 'clearable' },
  icon: { route: 'site', field: 'icon', kind: 'clearable' },
  // Cleared, it goes back to the default colour (the API's rule for "" and null).
  accentColor: { route: 'site', field: 'accentColor', kind: 'clearable' },
  googleAnalyticsId: { route: 'site', field: 'googleAnalyticsId', kind: 'clearable' },
  isPoweredBy: { route: 'site', field: 'isPoweredBy', kind: 'boolean' },
  allowSignup: { route: 'site', field: 'allowSignup', kind: 'boolean' },
  'labs.comments': { route: 'labs', field: 'comments', kind: 'boolean' },
  'labs.voteOnBehalf': { route: 'labs', field: 'voteOnBehalf', kind: 'boolean' },
  developer_mode: { route: 'site', field: 'developer_mode', kind: 'boolean' },
  gravatar: { route: 'site', field: 'gravatar', kind: 'boolean' },
  ssoLoginUrl: { route: 'site', field: 'ssoLoginUrl', kind: 'clearable' },
  embedOrigins: { route: 'site', field: 'embedOrigins', kind: 'list' },
  moderation: { route: 'site', field: 'moderation', kind: 'text' },
  requireFormToken: { route: 'site', field: 'requireFormToken', kind: 'boolean' },
  // The site's default language (issue 33); its per-language `texts` are set in the dashboard or the API.
  locale: { route: 'site', field: 'locale', kind: 'text' },
} as const satisfies Record<string, SettingKey>;

/** One key of `settings get|set`. */
export type SettingName = keyof typeof SETTING_KEYS;

/** A setting's value as the API shows it. */
export type SettingValue = string | boolean | null | readonly string[];

const NAMES = Object.keys(SETTING_KEYS) as SettingName[];

/** The key a command names, exactly as listed; 400 UNKNOWN_SETTING naming the valid ones otherwise. */
export function parseSettingName(value: unknown): SettingName {
  const match = NAMES.find((name) => name === value);
  if (match) return match;
  const shown = typeof value === 'string' ? `"${value}"` : 'key (not text)';
  throw new AppError('UNKNOWN_SETTING', `Unknown setting ${shown}: use one of ${NAMES.join(', ')}`, 400);
}

/** Every key with its value, flat (`labs.comments` for the lab flag), in the order of SETTING_KEYS. */
export function settingEntries(settings: Settings): Array<[SettingName, SettingValue]> {
  return NAMES.map((name) => [name, settingValue(settings, name)]);
}

/** The value of one key. */
export function settingValue(settings: Settings, name: SettingName): SettingValue {
  const key: SettingKey = SETTING_KEYS[name];
  const source: Record<string, unknown> = key.route === 'labs' ? { ...settings.labs } : { ...settings };
  return source[key.field] as SettingValue;
}
