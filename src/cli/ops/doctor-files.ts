import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { directoryProblem, foreignFilesProblem, type SafetyProblem, secretFileProblem } from '../../config/dir-safety.js';
import { secretFilePath } from '../../config/secret.js';
import { RESTORE_MARKER } from '../../storage/open.js';
import { type CheckResult, fail, ok, octalMode, warn } from './doctor-check.js';

/** Group and others may do nothing with feedbackd's files: they hold password hashes and the secret. */
const LOOSE_BITS = 0o077;
const SECRET_TEXT = /^[A-Za-z0-9_-]{43}\n?$/;

/** The data directory: present, private, owned by this user; the files in it private; no half-done restore. */
export async function dataDirChecks(dataDir: string): Promise<{ results: CheckResult[]; exists: boolean; safe: boolean }> {
  const info = await stat(dataDir).catch(() => null);
  if (!info?.isDirectory()) {
    const what = info ? `data directory ${dataDir} is not a directory` : `data directory ${dataDir} does not exist`;
    const todo = `point --data (or FEEDBACKD_DATA) at the right directory, or create a board with feedbackd init --data ${dataDir}`;
    return { results: [fail(what, todo)], exists: false, safe: false };
  }
  const safety = [directoryCheck(dataDir, info), ...(await foreignFilesCheck(dataDir))];
  const results = [...safety, await filesMode(dataDir)];
  if ((await readdir(dataDir).catch(() => [] as string[])).includes(RESTORE_MARKER)) {
    const todo = `run feedbackd restore <backup file> --data ${dataDir} --force again`;
    results.push(fail(`an unfinished restore left ${dataDir} half written`, todo));
  }
  return { results, exists: true, safe: safety.every((result) => result.status !== 'fail') };
}

/** What serve refuses is a failure here; a directory others may only look into is a warning. */
function directoryCheck(dataDir: string, info: { uid: number; mode: number }): CheckResult {
  const refused = directoryProblem(dataDir, info);
  if (refused) return failure(refused);
  if ((info.mode & LOOSE_BITS) === 0) return ok(`data directory ${dataDir} (mode ${octalMode(info.mode)})`);
  return warn(`data directory ${dataDir} has mode ${octalMode(info.mode)}: other users can look inside`, `chmod 700 ${dataDir}`);
}

async function foreignFilesCheck(dataDir: string): Promise<CheckResult[]> {
  const problem = await foreignFilesProblem(dataDir);
  return problem ? [failure(problem)] : [];
}

function failure(problem: SafetyProblem): CheckResult {
  return fail(`${problem.what}; serve refuses to start`, problem.fix);
}

/** Every file and folder inside (one level, plus outbox/) should be private; the secret must be (secretCheck). */
async function filesMode(dataDir: string): Promise<CheckResult> {
  const loose: string[] = [];
  const paths = (await entriesOf(dataDir)).filter((path) => path !== secretFilePath(dataDir));
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (info && (info.isFile() || info.isDirectory()) && (info.mode & LOOSE_BITS) !== 0) loose.push(path);
  }
  if (loose.length === 0) return ok('files in the data directory are private (mode 0600, folders 0700)');
  const shown = loose.length > 4 ? `${loose.slice(0, 4).join(' ')} …` : loose.join(' ');
  return warn(`${loose.length} file(s) in the data directory can be read by other users: ${shown}`, `chmod go-rwx ${dataDir} -R`);
}

async function entriesOf(dataDir: string): Promise<string[]> {
  const top = (await readdir(dataDir).catch(() => [] as string[])).map((name) => join(dataDir, name));
  const outbox = await readdir(join(dataDir, 'outbox')).catch(() => [] as string[]);
  return [...top, ...outbox.map((name) => join(dataDir, 'outbox', name))];
}

/** The signing secret: from the environment, or a well-formed, private `<data>/secret` (API.md §1.15.8). */
export async function secretCheck(dataDir: string, secretFromEnv: boolean): Promise<CheckResult> {
  if (secretFromEnv) return ok('secret: taken from FEEDBACKD_SECRET');
  const path = secretFilePath(dataDir);
  const info = await stat(path).catch(() => null);
  const unsafe = info && secretFileProblem(path, dataDir, info);
  if (unsafe) return fail(`secret: ${unsafe.what}; serve and the admin commands refuse it`, unsafe.fix);
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
