import type { Command } from 'commander';
import { SETTING_KEYS } from '../../admin/setting-keys.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { actOn, actOnBoth, addCommandGroup, wrappedList } from '../admin/content-command.js';
import type { SetFlags } from '../admin/settings-actions.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/settings-actions.js');

const KEYS_HELP =
  `\nKeys:\n${wrappedList(Object.keys(SETTING_KEYS))}\n` +
  '\nOn/off settings (isPoweredBy, allowSignup, developer_mode, gravatar, labs.*) take true or false.' +
  '\ndescription, logo, icon, accentColor and googleAnalyticsId can be cleared, with --clear or' +
  '\nan empty value (""): a cleared accentColor is the default colour again. A logo set alone' +
  '\nsets the icon too (the API\'s rule). embedOrigins takes a comma-separated list of origins' +
  '\n(https://app.example.com,https://b.example.com); --clear or "" empties it. locale is the' +
  '\nsite\'s default language, one of en, de, fr, es, pt-BR, it, nl, pl, uk, ja, zh-CN, ko, tr, ar.';

/** `feedbackd settings get|set`: the site settings and lab flags, as `PATCH /settings/site` and `/settings/labs` change them. */
export function addSettingsCommand(program: Command, run: CliRun): void {
  const sub = addCommandGroup(program, 'settings', 'show and change the site settings and lab flags');
  sub('get', 'show every setting, or just the value of one (for scripts)')
    .argument('[key]', 'one setting, e.g. title or labs.comments')
    .addHelpText('after', KEYS_HELP)
    .action(actOn(run, async (key: string | undefined, flags: AdminFlags) => (await actions()).getSettingsCommand(key, flags, run)));
  sub('set', 'change one setting')
    .argument('<key>', 'the setting, e.g. allowSignup')
    .argument('[value]', 'its new value')
    .option('--clear', 'clear it (the keys that can be cleared)')
    .addHelpText('after', KEYS_HELP)
    .action(
      actOnBoth(run, async (key: string, value: string | undefined, flags: SetFlags) =>
        (await actions()).setSettingCommand(key, value, flags, run),
      ),
    );
}
