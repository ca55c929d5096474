import { readFileSync, type Stats } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../errors.js';

/*
 * Who may touch the data directory. Another local user who can write to it could put their own
 * listener in place of control.sock and read the next admin command (a new password, in clear), or
 * swap the database; files of another user (left by `sudo feedbackd …`) make serve fail later with
 * EACCES. Like ssh with a loose private key, feedbackd refuses to start and names the command that
 * fixes it, rather than changing modes or owners itself.
 */

/** What is wrong, and the command that fixes it. `what` starts lowercase: doctor prints it as it is. */
export interface SafetyProblem {
  what: string;
  fix: string;
}

/** Group and others may not write: they could replace files and the control socket. */
const WRITABLE_BY_OTHERS = 0o022;
/** Group and others may do nothing with a secret. */
const ANY_ACCESS_BY_OTHERS = 0o077;
/** A file system's own folder at a mount point's root: root's, and never feedbackd's business. */
const NOT_OURS = new Set(['lost+found']);

/** `0755`. */
export function octalMode(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0');
}

/** The uid this process creates files as; undefined where there are none (Windows), and then nothing is checked. */
export function processUid(): number | undefined {
  return process.geteuid?.();
}

/** `feedbackd (uid 999)`, or `uid 999` when the user has no name in /etc/passwd. */
export function describeUser(uid: number): string {
  const name = userName(uid);
  return name === undefined ? `uid ${uid}` : `${name} (uid ${uid})`;
}

function userName(uid: number): string | undefined {
  if (uid === processUid()) {
    try {
      return userInfo().username;
    } catch {
      return undefined;
    }
  }
  return passwdLines().find((line) => line.split(':')[2] === String(uid))?.split(':')[0];
}

function passwdLines(): string[] {
  try {
    return readFileSync('/etc/passwd', 'utf8').split('\n');
  } catch {
    return [];
  }
}

/** The name for a chown line: this user's name, or its uid. */
function chownTarget(uid: number): string {
  return userName(uid) ?? String(uid);
}

/** The error of a problem: `<What>: <fix>`, on one line. */
export function safetyError(code: string, problem: SafetyProblem): AppError {
  const what = problem.what.charAt(0).toUpperCase() + problem.what.slice(1);
  return new AppError(code, `${what}: ${problem.fix}`, 500);
}

/** The data directory must be this user's, and only this user may write to it. */
export function directoryProblem(dir: string, info: Pick<Stats, 'uid' | 'mode'>): SafetyProblem | null {
  const mine = processUid();
  if (mine === undefined) return null;
  if (info.uid !== mine) {
    const owner = describeUser(info.uid);
    return {
      what: `data directory ${dir} belongs to ${owner}, not to ${describeUser(mine)} who runs this command`,
      fix: `run feedbackd as ${chownTarget(info.uid)} (sudo -u ${chownTarget(info.uid)} feedbackd …), or make the directory yours: chown -R ${chownTarget(mine)} ${dir}`,
    };
  }
  if ((info.mode & WRITABLE_BY_OTHERS) === 0) return null;
  return {
    what: `data directory ${dir} can be written by other users (mode ${octalMode(info.mode)}), who could replace its files and control socket`,
    fix: `chmod 700 ${dir}`,
  };
}

/** The entries feedbackd keeps in the data directory (top level and outbox/), with lstat's view of each. */
async function entriesOf(dir: string): Promise<Array<{ path: string; info: Stats }>> {
  // An unreadable directory has its own problem, reported by directoryProblem or the access check.
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => !NOT_OURS.has(name));
  const outbox = await readdir(join(dir, 'outbox')).catch(() => [] as string[]);
  const paths = [...names.map((name) => join(dir, name)), ...outbox.map((name) => join(dir, 'outbox', name))];
  const entries = await Promise.all(paths.map(async (path) => ({ path, info: await lstat(path).catch(() => null) })));
  return entries.filter((entry): entry is { path: string; info: Stats } => entry.info !== null);
}

/** Files in the data directory that belong to another user than the one running (the `sudo feedbackd init` trap). */
export async function foreignFilesProblem(dir: string): Promise<SafetyProblem | null> {
  const mine = processUid();
  if (mine === undefined) return null;
  const foreign = (await entriesOf(dir)).filter(({ info }) => info.uid !== mine);
  if (foreign.length === 0) return null;
  const [first] = foreign;
  const more = foreign.length > 1 ? ` and ${foreign.length - 1} more file(s)` : '';
  const verb = foreign.length > 1 ? 'belong' : 'belongs';
  return {
    what: `${first!.path}${more} in the data directory ${verb} to ${describeUser(first!.info.uid)}, not to ${describeUser(mine)} who runs this command (left by a command run with sudo?)`,
    fix: `give every file to one user: chown -R ${chownTarget(mine)} ${dir}`,
  };
}

/** A secret must be this user's and private (mode 0600), as ssh requires of a private key. */
export function secretFileProblem(path: string, dataDir: string, info: Pick<Stats, 'uid' | 'mode'>): SafetyProblem | null {
  const mine = processUid();
  if (mine === undefined) return null;
  if (info.uid !== mine) {
    return {
      what: `the secret file ${path} belongs to ${describeUser(info.uid)}, not to ${describeUser(mine)} who runs this command`,
      fix: `give the data directory back with: chown -R ${chownTarget(mine)} ${dataDir}`,
    };
  }
  if ((info.mode & ANY_ACCESS_BY_OTHERS) === 0) return null;
  return {
    what: `the secret file ${path} can be used by other users (mode ${octalMode(info.mode)})`,
    fix: `chmod 600 ${path} (and if others may have read it, delete it instead: a new one is made and everyone signs in again)`,
  };
}

/**
 * Refuses a data directory that is another user's or that group or others may write to. A missing
 * one passes: there is nothing in it to tamper with, and the caller says that it is missing.
 */
export async function assertPrivateDataDir(dir: string): Promise<void> {
  const info = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  });
  const problem = info && directoryProblem(dir, info);
  if (problem) throw safetyError('DATA_DIR_UNSAFE', problem);
}
