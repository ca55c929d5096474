import { AppError } from '../errors.js';
import { type ConfigFileContents, readConfigFile } from './data-dir.js';
import { SettingValueError } from './parse-value.js';
import { type AnySetting, flagAttribute, flagName, SETTINGS, settingOf } from './settings.js';
import type { Config } from './types.js';

/** Where the configuration comes from; both default to nothing given / `process.env`. */
export interface ConfigInput {
  /** Option values as commander stores them (`publicUrl` for `--public-url`); undefined = not given. */
  flags?: Readonly<Record<string, unknown>>;
  env?: Readonly<Record<string, string | undefined>>;
}

/** Where one value came from: a flag (`--port`), an env var, the config file (its path) or the default. */
export interface ValueSource {
  kind: 'flag' | 'env' | 'file' | 'default';
  name: string;
}

/** The configuration and, per key, where its value came from. */
export interface LoadedConfig {
  config: Config;
  sources: Record<keyof Config, ValueSource>;
}

interface RawValue extends ValueSource {
  value: unknown;
}

/** State of one resolution: what is resolved so far and every problem found. */
interface Resolution {
  flags: Readonly<Record<string, unknown>>;
  env: Readonly<Record<string, string | undefined>>;
  file: ConfigFileContents;
  values: Partial<Record<keyof Config, unknown>>;
  sources: Partial<Record<keyof Config, ValueSource>>;
  problems: string[];
}

function findRaw(setting: AnySetting, run: Resolution): RawValue | undefined {
  const attribute = flagAttribute(setting);
  const flagValue = attribute === undefined ? undefined : run.flags[attribute];
  if (flagValue !== undefined) return { kind: 'flag', name: `--${flagName(setting)}`, value: flagValue };
  for (const name of setting.env ?? []) {
    const value = run.env[name];
    // An empty variable (`PORT=`) counts as unset, as most shells and process managers intend.
    if (value !== undefined && value !== '') return { kind: 'env', name, value };
  }
  if (setting.inFile && Object.hasOwn(run.file.values, setting.key)) {
    return { kind: 'file', name: run.file.path, value: run.file.values[setting.key] };
  }
  return undefined;
}

function describeOrigin(raw: RawValue, sensitive: boolean): string {
  if (sensitive || raw.value === true) return raw.name;
  const shown = JSON.stringify(raw.value) ?? String(raw.value);
  return raw.kind === 'file' ? `${raw.name}: ${shown}` : `${raw.name}=${shown}`;
}

function resolveSetting(setting: AnySetting, run: Resolution): void {
  const raw = findRaw(setting, run);
  if (!raw) {
    run.values[setting.key] = setting.defaultValue(run.values as Partial<Config>);
    run.sources[setting.key] = { kind: 'default', name: 'default' };
    return;
  }
  try {
    run.values[setting.key] = setting.parse(raw.value);
    run.sources[setting.key] = { kind: raw.kind, name: raw.name };
  } catch (error) {
    if (!(error instanceof SettingValueError)) throw error;
    run.problems.push(`${setting.key} (from ${describeOrigin(raw, setting.sensitive ?? false)}): ${error.message}`);
  }
}

function fileKeyProblem(key: string, path: string): string | null {
  const setting = SETTINGS.find((candidate) => candidate.key === key);
  if (setting?.inFile) return null;
  if (key === 'secret') {
    return `secret (from ${path}): must not be stored in config.json; remove it and set FEEDBACKD_SECRET, or let feedbackd keep <data>/secret`;
  }
  if (key === 'dataDir') return `dataDir (from ${path}): cannot be set in config.json; use --data or FEEDBACKD_DATA`;
  const known = SETTINGS.filter((candidate) => candidate.inFile).map((candidate) => candidate.key);
  return `unknown key "${key}" (from ${path}): remove it; config.json keys are ${known.join(', ')}`;
}

function configError(problems: string[]): AppError {
  const message =
    problems.length === 1
      ? `Invalid configuration: ${problems[0]}`
      : `Invalid configuration (${problems.length} problems):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`;
  return new AppError('CONFIG_INVALID', message, 500);
}

async function startResolution(input: ConfigInput): Promise<Resolution> {
  const empty: ConfigFileContents = { path: 'config.json', values: {}, problem: null };
  const run: Resolution = {
    flags: input.flags ?? {},
    env: input.env ?? process.env,
    file: empty,
    values: {},
    sources: {},
    problems: [],
  };
  // The data dir comes first: config.json lives inside it.
  resolveSetting(settingOf('dataDir'), run);
  if (typeof run.values.dataDir !== 'string') return run;
  run.file = await readConfigFile(run.values.dataDir);
  if (run.file.problem) run.problems.push(run.file.problem);
  run.problems.push(...fileKeyProblems(run.file));
  return run;
}

function fileKeyProblems(file: ConfigFileContents): string[] {
  return Object.keys(file.values).flatMap((key) => fileKeyProblem(key, file.path) ?? []);
}

/**
 * What serve would refuse in these config.json values alone, worded as it words it: unknown keys,
 * and values breaking their rule (each checked, even those a flag or env var might override).
 */
export function configFileProblems(values: Readonly<Record<string, unknown>>, path: string): string[] {
  const file: ConfigFileContents = { path, values: { ...values }, problem: null };
  const run: Resolution = { flags: {}, env: {}, file, values: {}, sources: {}, problems: fileKeyProblems(file) };
  for (const setting of SETTINGS) {
    if (setting.inFile && Object.hasOwn(values, setting.key)) resolveSetting(setting, run);
  }
  return run.problems;
}

/** Resolves every key (flags > environment > `<data>/config.json` > defaults), remembering each value's source. */
export async function resolveConfig(input: ConfigInput = {}): Promise<LoadedConfig> {
  const run = await startResolution(input);
  for (const setting of SETTINGS) {
    if (setting.key !== 'dataDir') resolveSetting(setting, run);
  }
  if (run.problems.length > 0) throw configError(run.problems);
  return { config: run.values as Config, sources: run.sources as LoadedConfig['sources'] };
}

/** The configuration of this process; one AppError CONFIG_INVALID lists every bad key and where it came from. */
export async function loadConfig(input: ConfigInput = {}): Promise<Config> {
  return (await resolveConfig(input)).config;
}
