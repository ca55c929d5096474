import { existsSync } from 'node:fs';
import { settingOf } from '../config/settings.js';
import { AppError } from '../errors.js';

/**
 * The data directory alone (--data, FEEDBACKD_DATA, the default), refused when it does not exist:
 * commands that only read or mend a board's files must neither create one nor show defaults as if
 * they were its own. Resolving the whole configuration is not needed, and would refuse a
 * config.json holding a bad value that `config set` is run to mend.
 */
export function existingDataDir(flags: { readonly data?: unknown }, env: Readonly<Record<string, string | undefined>>): string {
  const setting = settingOf('dataDir');
  const fromEnv = (setting.env ?? []).map((name) => env[name]).find((value) => value !== undefined && value !== '');
  const given = flags.data ?? fromEnv;
  const dataDir = (given === undefined ? setting.defaultValue({}) : setting.parse(given)) as string;
  if (!existsSync(dataDir)) {
    throw new AppError('DATA_DIR_MISSING', `No data directory at ${dataDir}: give --data <dir>, or run feedbackd init first`, 400);
  }
  return dataDir;
}
