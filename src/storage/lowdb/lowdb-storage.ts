import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config/types.js';
import { appError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { type DataDirLock, lockDataDir } from '../lock.js';
import type {
  ActivitiesRepo,
  BoardsRepo,
  CommentsRepo,
  DatabaseSnapshot,
  MailLogRepo,
  MailTokensRepo,
  PostsRepo,
  Repositories,
  RoadmapsRepo,
  RolesRepo,
  SettingsRepo,
  Storage,
  UserRolesRepo,
  UsersRepo,
  VotesRepo,
} from '../types.js';
import type { Access } from './access.js';
import { compactDatabase } from './compaction.js';
import { ensureDir } from './fs-durable.js';
import { formatEntry } from './journal-format.js';
import { JournalWriter } from './journal-writer.js';
import { loadDatabase } from './load.js';
import type { MemoryDb } from './memory-db.js';
import { createRepositories } from './repositories.js';
import { SnapshotFile } from './snapshot-file.js';
import { TxWriter } from './tx-writer.js';
import { WriteLock } from './write-lock.js';

/** Opens the JSON-file database in `config.dataDir` (creating it if needed) and locks the directory. */
export async function openLowdbStorage(config: Config, logger: Logger): Promise<Storage> {
  await ensureDir(config.dataDir);
  const dirLock = await lockDataDir(config.dataDir);
  try {
    const snapshot = new SnapshotFile(join(config.dataDir, 'db.json'));
    const { db, journal } = await loadDatabase(config.dataDir, snapshot, logger);
    let storage: LowdbStorage | undefined;
    const writer = await JournalWriter.open(config.dataDir, journal.n, journal.bytes, () => storage?.compactIfDue());
    storage = new LowdbStorage({ config, logger, dirLock, snapshot, db, journal: writer });
    storage.compactIfDue(); // a journal left long by a crash is compacted now, not after the next write
    logger.debug({ dataDir: config.dataDir, seq: db.seq }, 'storage opened');
    return storage;
  } catch (error) {
    await dirLock.release();
    throw error;
  }
}

interface Parts {
  config: Config;
  logger: Logger;
  dirLock: DataDirLock;
  snapshot: SnapshotFile;
  db: MemoryDb;
  journal: JournalWriter;
}

/** The lowdb engine: data in memory behind indexes, made durable by a journal and compacted into `db.json`. */
class LowdbStorage implements Storage {
  readonly engine = 'lowdb';
  readonly users: UsersRepo;
  readonly roles: RolesRepo;
  readonly userRoles: UserRolesRepo;
  readonly boards: BoardsRepo;
  readonly roadmaps: RoadmapsRepo;
  readonly posts: PostsRepo;
  readonly votes: VotesRepo;
  readonly comments: CommentsRepo;
  readonly activities: ActivitiesRepo;
  readonly settings: SettingsRepo;
  readonly mailTokens: MailTokensRepo;
  readonly mailLog: MailLogRepo;

  private readonly lock = new WriteLock();
  private state: 'open' | 'closing' | 'closed' = 'open';
  /** Set when the journal could not be written: memory may hold changes the disk lacks. */
  private failure: unknown;
  private compaction: Promise<void> | undefined;
  private closing: Promise<void> | undefined;

  constructor(private readonly parts: Parts) {
    const repos = createRepositories(this.outerAccess());
    this.users = repos.users;
    this.roles = repos.roles;
    this.userRoles = repos.userRoles;
    this.boards = repos.boards;
    this.roadmaps = repos.roadmaps;
    this.posts = repos.posts;
    this.votes = repos.votes;
    this.comments = repos.comments;
    this.activities = repos.activities;
    this.settings = repos.settings;
    this.mailTokens = repos.mailTokens;
    this.mailLog = repos.mailLog;
  }

  async transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    return this.commit((writer) => work(createRepositories(transactionAccess(writer))));
  }

  async snapshot(): Promise<DatabaseSnapshot> {
    // Taken between transactions, like a compaction's copy; then wait until what it holds is on disk.
    const doc = await this.outerAccess().read((db) => db.toDocument());
    await this.parts.journal.flushed();
    return { schemaVersion: doc.schemaVersion, settings: doc.settings, tables: doc.tables };
  }

  async isWritable(): Promise<boolean> {
    if (this.state !== 'open' || this.failure !== undefined) return false;
    try {
      await access(this.parts.config.dataDir, constants.W_OK);
      await access(this.parts.snapshot.adapter.path, constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  /** Starts a compaction when the journal has outgrown its limit and none is running. */
  compactIfDue(): void {
    const { journal, config, logger } = this.parts;
    if (this.compaction || this.state !== 'open' || this.failure !== undefined) return;
    if (journal.bytes <= config.journalMaxBytes) return;
    this.compaction = this.compact()
      .catch((error: unknown) => logger.error({ err: error }, 'journal compaction failed; will retry'))
      .finally(() => {
        this.compaction = undefined;
        this.compactIfDue();
      });
  }

  /** Runs `body` as the one writer, then journals its changes; resolves once they are durable. */
  private async commit<T>(body: (writer: TxWriter) => T | Promise<T>): Promise<T> {
    this.assertWritable();
    const { result, durable } = await this.runExclusive(body);
    await durable;
    return result;
  }

  /** The write lock is held while `body` runs, not while its journal line waits for fsync. */
  private async runExclusive<T>(body: (writer: TxWriter) => T | Promise<T>): Promise<{ result: T; durable: Promise<void> }> {
    await this.lock.acquire();
    try {
      const writer = new TxWriter(this.parts.db);
      const { result, line } = await runUndoable(writer, body);
      if (line === undefined) return { result, durable: this.parts.journal.flushed() };
      this.parts.db.seq += 1;
      const durable = this.parts.journal.append(line);
      durable.catch((error: unknown) => this.fail(error));
      return { result, durable };
    } finally {
      this.lock.release();
    }
  }

  private fail(error: unknown): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.parts.logger.error({ err: error }, 'journal write failed: storage refuses writes until restarted');
  }

  private assertWritable(): void {
    if (this.state !== 'open') throw new Error('storage is closed');
    if (this.failure !== undefined) throw appError('STORAGE_UNAVAILABLE');
  }

  private outerAccess(): Access {
    return {
      read: (read) =>
        new Promise((resolve, reject) => {
          if (this.state === 'closed') return reject(new Error('storage is closed'));
          this.lock.whenIdle(() => settle(() => read(this.parts.db), resolve, reject));
        }),
      write: (write) => this.commit(write),
    };
  }

  private async compact(): Promise<void> {
    const { db, journal, snapshot, config, logger } = this.parts;
    const started = performance.now();
    await compactDatabase({ dataDir: config.dataDir, db, journal, snapshot, lock: this.lock });
    logger.debug({ ms: Math.round(performance.now() - started), journal: journal.fileNumber }, 'journal compacted');
  }

  private async shutDown(): Promise<void> {
    const { journal, dirLock, logger } = this.parts;
    this.state = 'closing';
    try {
      await this.lock.acquire(); // transactions queued before close() still run
      this.lock.release();
      await journal.flushed();
      await this.compaction;
      // A non-empty journal means writes since the last snapshot (or leftovers of a crash).
      if (this.failure === undefined && journal.bytes > 0) await this.compact();
    } catch (error) {
      logger.error({ err: error }, 'final compaction failed; the journal keeps every write');
    } finally {
      await journal.close();
      await dirLock.release();
      this.state = 'closed';
    }
  }
}

/** Runs the work; on error undoes every change (nothing is journaled) and rethrows. */
async function runUndoable<T>(
  writer: TxWriter,
  body: (writer: TxWriter) => T | Promise<T>,
): Promise<{ result: T; line: string | undefined }> {
  try {
    const result = await body(writer);
    const line = writer.isEmpty ? undefined : formatEntry({ seq: writer.db.seq + 1, ops: writer.journalOps() });
    return { result, line };
  } catch (error) {
    writer.undo();
    throw error;
  } finally {
    writer.finished = true;
  }
}

/** Inside a transaction: straight to memory, through the transaction's writer. */
function transactionAccess(writer: TxWriter): Access {
  const run = <T>(fn: () => T) => {
    if (writer.finished) return Promise.reject(new Error('transaction has already ended: use tx only inside the transaction'));
    return new Promise<T>((resolve, reject) => settle(fn, resolve, reject));
  };
  return { read: (read) => run(() => read(writer.db)), write: (write) => run(() => write(writer)) };
}

function settle<T>(fn: () => T, resolve: (value: T) => void, reject: (error: unknown) => void): void {
  try {
    resolve(fn());
  } catch (error) {
    reject(error);
  }
}
