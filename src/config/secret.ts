import { randomBytes } from 'node:crypto';
import { type FileHandle, link, open, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError } from '../errors.js';
import { syncDirectory, tempPathFor } from './atomic-write.js';
import { safetyError, secretFileProblem } from './dir-safety.js';

const SECRET_BYTES = 32;
const BASE64URL_43 = /^[A-Za-z0-9_-]{43}$/;

/** `<data>/secret`. */
export function secretFilePath(dataDir: string): string {
  return join(dataDir, 'secret');
}

function secretError(message: string): AppError {
  return new AppError('SECRET_UNUSABLE', message, 500);
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

/** Exactly the unpadded base64url text of 32 bytes (the round trip rejects non-canonical last characters). */
function isWellFormed(key: string): boolean {
  return BASE64URL_43.test(key) && Buffer.from(key, 'base64url').toString('base64url') === key;
}

function keyFromFile(path: string, text: string): string {
  const key = text.endsWith('\n') ? text.slice(0, -1) : text;
  if (isWellFormed(key)) return key;
  throw secretError(
    `The secret file ${path} is malformed: it must hold exactly 43 base64url characters (32 random bytes) ` +
      'and an optional newline. feedbackd never replaces it: restore it from a backup, or delete it to ' +
      'generate a new one (everyone will have to sign in again).',
  );
}

/**
 * The key in the secret file at `path`, or null when there is no file yet. A malformed file is
 * refused; so is one that another user owns or may use (mode beyond 0600), as ssh refuses a loose key.
 */
export async function readSecret(path: string): Promise<string | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    refuseIfUnsafe(path, await stat(path).catch(() => null));
    throw secretError(`Cannot read the secret file ${path} (${errorCode(error)}): fix its permissions`);
  }
  try {
    // The opened file itself is checked: it cannot be swapped between the check and the read.
    refuseIfUnsafe(path, await handle.stat());
    return keyFromFile(path, await handle.readFile('utf8'));
  } finally {
    await handle.close();
  }
}

function refuseIfUnsafe(path: string, info: { uid: number; mode: number } | null): void {
  const problem = info && secretFileProblem(path, dirname(path), info);
  if (problem) throw safetyError('SECRET_UNUSABLE', problem);
}

/**
 * Creates the secret file with a new key; null when another process created it first.
 * The full content is written and fsync'd under a temp name, then hard-linked into place: link()
 * fails when the name exists (like O_EXCL), and a crash can never leave an empty or partial secret.
 */
async function createSecret(dataDir: string, path: string): Promise<string | null> {
  const key = randomBytes(SECRET_BYTES).toString('base64url');
  const temp = tempPathFor(path);
  try {
    await writeFile(temp, `${key}\n`, { mode: 0o600, flag: 'wx', flush: true });
    await link(temp, path);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return null;
    throw secretError(`Cannot create the secret file ${path} (${errorCode(error)}): check the data directory`);
  } finally {
    await rm(temp, { force: true });
  }
  await syncDirectory(dataDir);
  return key;
}

/** The token-signing key from `<data>/secret`, created (32 random bytes, mode 0600) on first use. */
export async function readOrCreateSecret(dataDir: string): Promise<string> {
  const path = secretFilePath(dataDir);
  const existing = await readSecret(path);
  if (existing !== null) return existing;
  const created = await createSecret(dataDir, path);
  if (created !== null) return created;
  const winner = await readSecret(path);
  if (winner === null) throw secretError(`The secret file ${path} disappeared while it was being created`);
  return winner;
}
