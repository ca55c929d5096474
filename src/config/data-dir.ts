import { constants } from 'node:fs';
import { access, mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../errors.js';
import { writeFileAtomic } from './atomic-write.js';
import { directoryProblem, foreignFilesProblem, safetyError } from './dir-safety.js';
import type { Config } from './types.js';

/** What config.json may hold: every key except the data dir itself and the secret. */
export type ConfigFileValues = Partial<Omit<Config, 'dataDir' | 'secret'>>;

/** config.json as read from disk; `problem` says why it could not be used (values is then empty). */
export interface ConfigFileContents {
  path: string;
  values: Record<string, unknown>;
  problem: string | null;
}

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** `<data>/config.json`. */
export function configFilePath(dataDir: string): string {
  return join(dataDir, 'config.json');
}

function dataDirError(message: string): AppError {
  return new AppError('DATA_DIR_UNUSABLE', message, 500);
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

/**
 * Creates the data dir (mode 0700, parents too) or checks that the existing one is a writable
 * directory that no other user can tamper with (see dir-safety.ts): refused, never changed.
 */
export async function ensureDataDir(dir: string): Promise<void> {
  const hint = 'choose another with --data or FEEDBACKD_DATA';
  try {
    await mkdir(dir, { recursive: true, mode: DIR_MODE });
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST' || code === 'ENOTDIR') throw dataDirError(`Data directory ${dir} is not a directory: ${hint}`);
    throw dataDirError(`Cannot create the data directory ${dir} (${code}): ${hint}`);
  }
  const info = await stat(dir);
  if (!info.isDirectory()) throw dataDirError(`Data directory ${dir} is not a directory: ${hint}`);
  const unsafe = directoryProblem(dir, info);
  if (unsafe) throw safetyError('DATA_DIR_UNSAFE', unsafe);
  try {
    await access(dir, constants.W_OK | constants.X_OK);
  } catch {
    throw dataDirError(`Data directory ${dir} is not writable by this user: fix its permissions or ${hint}`);
  }
  const foreign = await foreignFilesProblem(dir);
  if (foreign) throw safetyError('DATA_DIR_UNSAFE', foreign);
}

function parseConfigJson(path: string, text: string): ConfigFileContents {
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch (error) {
    return { path, values: {}, problem: `${path} is not valid JSON (${(error as Error).message}): fix or delete it` };
  }
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    return { path, values: {}, problem: `${path} must hold a JSON object like {"port": 3000}` };
  }
  return { path, values: values as Record<string, unknown>, problem: null };
}

/** Reads `<data>/config.json`; a missing file is an empty object, never an error. */
export async function readConfigFile(dataDir: string): Promise<ConfigFileContents> {
  const path = configFilePath(dataDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    // ENOTDIR: the data dir is a file; ensureDataDir reports that more clearly than "cannot read".
    if (['ENOENT', 'ENOTDIR'].includes(errorCode(error))) return { path, values: {}, problem: null };
    return { path, values: {}, problem: `${path} cannot be read (${errorCode(error)}): fix its permissions` };
  }
  return parseConfigJson(path, text);
}

/** Merges `values` into `<data>/config.json` (atomic replace, mode 0600); undefined values are left out, null ones taken out. */
export async function writeConfigFile(dataDir: string, values: ConfigFileValues): Promise<void> {
  const current = await readConfigFile(dataDir);
  if (current.problem) throw new AppError('CONFIG_INVALID', `Cannot update config.json: ${current.problem}`, 500);
  const merged: Record<string, unknown> = { ...current.values };
  for (const [key, value] of Object.entries(values)) {
    // null takes a key out (back to its default), as `smtpUrl: null` when mail moves to the outbox.
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  await writeFileAtomic(current.path, `${JSON.stringify(merged, null, 2)}\n`, FILE_MODE);
}
