import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sendToServer } from '../../admin/control-client.js';
import type { StorageStatus } from '../../admin/doctor-storage.js';
import { redactCredentials } from '../../config/redact.js';
import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';
import { createLogger } from '../../logger.js';
import { isHolderAlive, readLockHolder } from '../../storage/lock.js';
import { counted } from '../admin/output.js';
import { openStorage } from '../../storage/open.js';
import { type CheckResult, fail, ok, warn } from './doctor-check.js';
import { postgresLockCheck, postgresStorageCheck } from './doctor-postgres.js';

/** Who the lock file names, and whether that process still runs. */
interface Holder {
  pid: number;
  command: string;
  startedAt: string;
  alive: boolean;
}

/** What the lock and storage checks found; `serverRunning` when a server answered on the control socket. */
export interface HolderChecks {
  results: CheckResult[];
  serverRunning: boolean;
}

/** The lock (who holds the data directory) and the storage (read and write), through the running server when there is one. */
export async function lockAndStorageChecks(config: Config): Promise<HolderChecks> {
  const { databaseUrl } = config;
  if (databaseUrl !== null) {
    return { results: [postgresLockCheck(), await postgresStorageCheck({ ...config, databaseUrl })], serverRunning: false };
  }
  const holder = await lockHolder(config.dataDir);
  const answer = await askServer(config.dataDir);
  const serverRunning = answer !== null && !(answer instanceof AppError);
  return { results: [lockCheck(holder, serverRunning), await storageCheck(config, holder, answer)], serverRunning };
}

function controlFailureTodo(error: AppError): string {
  // The message already says what to do, and that doctor sent nothing.
  if (error.code === 'CONTROL_SOCKET_UNSAFE') return 'then run doctor again';
  return 'check the server log; restart it if it hangs';
}

async function storageCheck(config: Config, holder: Holder | null, answer: StorageStatus | AppError | null): Promise<CheckResult> {
  if (answer instanceof AppError) return fail(`control socket: ${answer.message}`, controlFailureTodo(answer));
  if (answer) return serverStorageCheck(answer);
  if (holder?.alive) return warn(`storage: not checked, process ${holder.pid} holds the data directory`, 'run doctor again once it is done');
  return directStorageCheck(config);
}

/** The lock file's holder, judged as the lock itself judges it (a reused pid is not the holder). */
async function lockHolder(dataDir: string): Promise<Holder | null> {
  const holder = await readLockHolder(dataDir);
  if (holder === undefined) return null;
  const { pid, command, startedAt } = holder;
  return { pid, command, startedAt, alive: isHolderAlive(holder) };
}

async function askServer(dataDir: string): Promise<StorageStatus | AppError | null> {
  try {
    const answer = await sendToServer(dataDir, { op: 'doctor.storage', args: {} }, 10_000);
    return answer.answered ? (answer.result as StorageStatus) : null;
  } catch (error) {
    return error instanceof AppError ? error : new AppError('CONTROL_FAILED', String(error), 500);
  }
}

function lockCheck(holder: Holder | null, serverRunning: boolean): CheckResult {
  if (!holder) return ok('lock: free (no feedbackd process holds the data directory)');
  const who = `process ${holder.pid} (${redactCredentials(holder.command)}, started ${holder.startedAt})`;
  if (!holder.alive) return warn(`lock: left behind by ${who}, which is gone`, 'harmless: the next start takes it over');
  if (serverRunning) return ok(`lock: held by the running server, ${who}`);
  return warn(`lock: held by ${who}, which does not answer on control.sock`, 'wait for it to finish, or stop it if it hangs');
}

function serverStorageCheck(status: StorageStatus): CheckResult {
  const counts = `${counted(status.users, 'user')}, ${counted(status.posts, 'post')}`;
  if (status.writable) return ok(`storage: readable and writable, checked by the running server (${status.engine}; ${counts})`);
  return fail('storage: the running server refuses writes', 'see its log (disk full? permissions?), fix the cause and restart it');
}

/** No server: open the storage here (it takes the lock), read, ask whether it accepts writes, close. */
async function directStorageCheck(config: Config): Promise<CheckResult> {
  const hasData = await stat(join(config.dataDir, 'db.json')).then(() => true, () => false);
  if (!hasData) return ok('storage: no database yet (feedbackd init or the first serve creates it)');
  try {
    const storage = await openStorage(config, createLogger('silent'));
    try {
      const [users, posts] = await Promise.all([storage.users.count(), storage.posts.count()]);
      if (!(await storage.isWritable())) {
        return fail('storage: opened but not writable', `check the permissions of ${config.dataDir} and its files`);
      }
      return ok(`storage: readable and writable (${storage.engine}; ${counted(users, 'user')}, ${counted(posts, 'post')})`);
    } finally {
      await storage.close();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail(`storage: cannot be opened: ${message}`, openFailureTodo(error));
  }
}

/** A database written by a newer feedbackd is not damaged: the fix is to upgrade, never to restore over it. */
function openFailureTodo(error: unknown): string {
  if (error instanceof AppError && error.code === 'DATABASE_TOO_NEW') return 'upgrade feedbackd (npm install -g feedbackd@latest), then run doctor again';
  if (error instanceof AppError && error.code === 'DATABASE_MISMATCH') return 'see the database record check';
  return 'restore the data directory from a backup (feedbackd restore) if it is damaged';
}
