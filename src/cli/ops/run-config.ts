import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { controlSocketPath } from '../../admin/control-protocol.js';
import { configFilePath, readConfigFile, writeConfigFile } from '../../config/data-dir.js';
import { SettingValueError } from '../../config/parse-value.js';
import { redactCredentials } from '../../config/redact.js';
import { type LoadedConfig, resolveConfig } from '../../config/load.js';
import { type AnySetting, SETTINGS } from '../../config/settings.js';
import type { Config, RateLimit } from '../../config/types.js';
import { AppError } from '../../errors.js';
import { isHolderAlive, readLockHolder } from '../../storage/lock.js';
import { printTable } from '../admin/output.js';
import { existingDataDir } from '../existing-data-dir.js';
import { type CliRun, say } from '../io.js';

/*
 * `feedbackd config list|get|set|unset`: the keys of `<data>/config.json`, read and written
 * through the same settings table and rules as flags and environment variables, so nobody edits
 * JSON by hand. Values that may hold a password are shown with it replaced by ***.
 */

type Flags = Readonly<Record<string, unknown>>;

/** `config list`: every key config.json may hold, its value in force and where it comes from. */
export async function runConfigList(flags: Flags, run: CliRun): Promise<void> {
  existingDataDir(flags, run.io.env);
  const loaded = await resolveConfig({ flags: { data: flags.data }, env: run.io.env });
  const rows = fileSettings().map((setting) => ({ setting, value: shown(loaded.config[setting.key]), from: sourceOf(loaded, setting) }));
  const columns = [
    { title: 'KEY', cell: (row: (typeof rows)[number]) => row.setting.key },
    { title: 'VALUE', cell: (row: (typeof rows)[number]) => row.value },
    { title: 'FROM', cell: (row: (typeof rows)[number]) => row.from },
  ];
  printTable(run.io, columns, rows, 'No settings.');
}

/** `config get <key>`: the value in force, alone on its line (for scripts). */
export async function runConfigGet(key: string, flags: Flags, run: CliRun): Promise<void> {
  const setting = fileSetting(key);
  existingDataDir(flags, run.io.env);
  const loaded = await resolveConfig({ flags: { data: flags.data }, env: run.io.env });
  say(run.io, shown(loaded.config[setting.key]));
}

/** `config set <key> <value>`: checked by the key's rule, then written to config.json. */
export async function runConfigSet(key: string, value: string, flags: Flags, run: CliRun): Promise<void> {
  const setting = fileSetting(key);
  const dataDir = existingDataDir(flags, run.io.env);
  let parsed: unknown;
  try {
    parsed = setting.parse(value);
  } catch (error) {
    if (error instanceof SettingValueError) throw new AppError('CONFIG_VALUE_INVALID', `${key} ${error.message}`, 400);
    throw error;
  }
  // A rate limit is kept as it was written (10/15m), the form people read and serve parses.
  const stored = typeof parsed === 'object' && parsed !== null ? value.trim() : parsed;
  await writeConfigFile(dataDir, { [setting.key]: stored });
  say(run.io, `${key} is now ${shown(parsed as Config[keyof Config])} in ${configFilePath(dataDir)}.`);
  await sayWhatElseApplies(setting, dataDir, run);
}

/** `config unset <key>`: taken out of config.json, so its default (or an environment variable) applies. */
export async function runConfigUnset(key: string, flags: Flags, run: CliRun): Promise<void> {
  const setting = fileSetting(key);
  const dataDir = existingDataDir(flags, run.io.env);
  const file = await readConfigFile(dataDir);
  if (!Object.hasOwn(file.values, key)) {
    say(run.io, `${key} is not set in ${file.path}; nothing changed.`);
    return;
  }
  await writeConfigFile(dataDir, { [setting.key]: null });
  say(run.io, `${key} is no longer set in ${file.path}: ${setting.defaultText} applies (the default).`);
  await sayWhatElseApplies(setting, dataDir, run);
}

function fileSettings(): AnySetting[] {
  return SETTINGS.filter((setting) => setting.inFile);
}

/** The setting a key names; refused with the list of keys (or where it belongs) when config.json cannot hold it. */
function fileSetting(key: string): AnySetting {
  const setting = SETTINGS.find((candidate) => candidate.key === key);
  if (setting?.inFile) return setting;
  if (key === 'dataDir') throw new AppError('CONFIG_KEY_INVALID', 'dataDir is not kept in config.json: give --data or set FEEDBACKD_DATA', 400);
  if (key === 'secret') throw new AppError('CONFIG_KEY_INVALID', 'secret is not kept in config.json: feedbackd keeps <data>/secret, or set FEEDBACKD_SECRET', 400);
  const keys = fileSettings().map((candidate) => candidate.key).join(', ');
  throw new AppError('CONFIG_KEY_INVALID', `Unknown key "${key}": config.json keys are ${keys}`, 400);
}

/** A value as people read it: rate limits as count/seconds, passwords in URLs as ***. */
function shown(value: Config[keyof Config]): string {
  if (value === null) return '(none)';
  if (typeof value === 'object' && !Array.isArray(value)) {
    const limit = value as RateLimit;
    return `${limit.limit}/${limit.windowSeconds}`;
  }
  return redactCredentials(Array.isArray(value) ? value.join(',') : String(value));
}

function sourceOf(loaded: LoadedConfig, setting: AnySetting): string {
  const source = loaded.sources[setting.key];
  if (source.kind === 'file') return 'config.json';
  if (source.kind === 'env') return source.name;
  return source.kind === 'flag' ? source.name : 'default';
}

/** An environment variable that overrides config.json, and a running server that read it at start. */
async function sayWhatElseApplies(setting: AnySetting, dataDir: string, run: CliRun): Promise<void> {
  const overriding = (setting.env ?? []).find((name) => run.io.env[name] !== undefined && run.io.env[name] !== '');
  if (overriding) say(run.io, `Note: ${overriding} is set in this environment and takes precedence over config.json.`);
  const pid = await runningServer(dataDir);
  if (pid !== null) say(run.io, `feedbackd serve${pid ? ` (process ${pid})` : ''} is running and read config.json when it started: restart it for the change to apply.`);
}

/** The pid of the serve holding the data directory (0 when only its control socket answers), or null. */
async function runningServer(dataDir: string): Promise<number | null> {
  const holder = await readLockHolder(dataDir);
  if (holder && isHolderAlive(holder)) return holder.pid;
  // PostgreSQL takes no lock file; a serve still listens on the control socket.
  return (await answersOn(controlSocketPath(dataDir))) ? 0 : null;
}

function answersOn(path: string): Promise<boolean> {
  if (!existsSync(path)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
