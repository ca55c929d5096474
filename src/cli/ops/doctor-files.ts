import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RESTORE_MARKER } from '../../storage/open.js';
import { secretFilePath } from '../../config/secret.js';
import { type CheckResult, fail, ok, octalMode, warn } from './doctor-check.js';

/** Group and others may do nothing with feedbackd's files: they hold password hashes and the secret. */
const LOOSE_BITS = 0o077;
const SECRET_TEXT = /^[A-Za-z0-9_-]{43}\n?$/;

/** The data directory: present, private, owned by this user; the files in it private; no half-done restore. */
export async function dataDirChecks(dataDir: string): Promise<{ results: CheckResult[]; exists: boolean }> {
  const info = await stat(dataDir).catch(() => null);
  if (!info?.isDirectory()) {
    const what = info ? `data directory ${dataDir} is not a directory` : `data directory ${dataDir} does not exist`;
    const todo = `point --data (or FEEDBACKD_DATA) at the right directory, or create a board with feedbackd init --data ${dataDir}`;
    return { results: [fail(what, todo)], exists: false };
  }
  const results = [directoryMode(dataDir, info.mode), ...ownership(dataDir, info.uid), await filesMode(dataDir)];
  if ((await readdir(dataDir)).includes(RESTORE_MARKER)) {
    const todo = `run feedbackd restore <backup file> --data ${dataDir} --force again`;
    results.push(fail(`an unfinished restore left ${dataDir} half written`, todo));
  }
  return { results, exists: true };
}

function directoryMode(dataDir: string, mode: number): CheckResult {
  if ((mode & LOOSE_BITS) === 0) return ok(`data directory ${dataDir} (mode ${octalMode(mode)})`);
  return warn(`data directory ${dataDir} has mode ${octalMode(mode)}: other users can look inside`, `chmod 700 ${dataDir}`);
}

function ownership(dataDir: string, uid: number): CheckResult[] {
  const mine = process.getuid?.();
  if (mine === undefined || mine === uid) return [];
  const what = `data directory ${dataDir} belongs to uid ${uid}, not to this user (uid ${mine})`;
  return [warn(what, 'run doctor, serve and the admin commands as the user that owns it')];
}

/** Every file and folder inside (one level, plus outbox/) must be private. */
async function filesMode(dataDir: string): Promise<CheckResult> {
  const loose: string[] = [];
  for (const path of await entriesOf(dataDir)) {
    const info = await stat(path).catch(() => null);
    if (info && (info.isFile() || info.isDirectory()) && (info.mode & LOOSE_BITS) !== 0) loose.push(path);
  }
  if (loose.length === 0) return ok('files in the data directory are private (mode 0600, folders 0700)');
  const shown = loose.length > 4 ? `${loose.slice(0, 4).join(' ')} …` : loose.join(' ');
  return warn(`${loose.length} file(s) in the data directory can be read by other users: ${shown}`, `chmod go-rwx ${dataDir} -R`);
}

async function entriesOf(dataDir: string): Promise<string[]> {
  const top = (await readdir(dataDir)).map((name) => join(dataDir, name));
  const outbox = await readdir(join(dataDir, 'outbox')).catch(() => [] as string[]);
  return [...top, ...outbox.map((name) => join(dataDir, 'outbox', name))];
}

/** The signing secret: from the environment, or a well-formed `<data>/secret` (API.md §1.15.8). */
export async function secretCheck(dataDir: string, secretFromEnv: boolean): Promise<CheckResult> {
  if (secretFromEnv) return ok('secret: taken from FEEDBACKD_SECRET');
  const path = secretFilePath(dataDir);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : ''));
  if (text === null) {
    const hasData = await stat(join(dataDir, 'db.json')).then(() => true, () => false);
    if (!hasData) return ok('secret: none yet (created on first start)');
    const what = `secret: ${path} is missing; a new one will be made and every access token will stop working`;
    return warn(what, 'restore the secret from a backup if you have one');
  }
  if (SECRET_TEXT.test(text)) return ok(`secret: ${path}`);
  const what = `secret: ${path} is unreadable or malformed, serve will refuse to start`;
  return fail(what, 'restore it from a backup, or delete it (everyone signs in again)');
}
