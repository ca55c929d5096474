import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config/types.js';
import { appError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { type DataDirLock, lockDataDir } from '../lock.js';
import type {
  ActivitiesRepo,
  BeforeUpgrade,
  BoardsRepo,
  CommentsRepo,
  DatabaseSnapshot,
  MailLogRepo,
  MailTokensRepo,
  NotificationsRepo,
  OutboxRepo,
  PostsRepo,
  Repositories,
  RoadmapsRepo,
  RolesRepo,
  LinkedIdentitiesRepo,
  SettingsRepo,
  SsoSecretsRepo,
  AuthProvidersRepo,
  ChangelogEntriesRepo,
  ChangelogLinksRepo,
  PostMergesRepo,
  PostTagsRepo,
  TagsRepo,
  UploadBytes,
  UploadCopyRow,
  UploadRow,
  UploadsRepo,
  Storage,
  SubscriptionsRepo,
  UserRolesRepo,
  UsersRepo,
  VotesRepo,
  WebhookDeliveriesRepo,
  WebhookEndpointsRepo,
} from '../types.js';
import type { Access } from './access.js';
import { compactDatabase } from './compaction.js';
import { type DatabaseDocument, QUEUE_TABLE_NAMES } from './document.js';
import { ensureDir, probeWritable } from './fs-durable.js';
import { formatEntry } from './journal-format.js';
import { JournalWriter } from './journal-writer.js';
import { loadDatabase } from './load.js';
import type { MemoryDb } from './memory-db.js';
import { createRepositories } from './repositories.js';
import { uploadFiles } from './upload-repos.js';
import { SnapshotFile } from './snapshot-file.js';
import { TxWriter } from './tx-writer.js';
import { WriteLock } from './write-lock.js';
import { WriteOutage } from './write-outage.js';

/** Opens the JSON-file database in `config.dataDir` (creating it if needed) and locks the directory. */
export async function openLowdbStorage(config: Config, logger: Logger, beforeUpgrade?: BeforeUpgrade): Promise<Storage> {
  await ensureDir(config.dataDir);
  const dirLock = await lockDataDir(config.dataDir);
  try {
    const snapshot = new SnapshotFile(join(config.dataDir, 'db.json'));
    const { db, journal } = await loadDatabase(config.dataDir, snapshot, logger, beforeUpgrade);
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
  readonly outbox: OutboxRepo;
  readonly webhookEndpoints: WebhookEndpointsRepo;
  readonly webhookDeliveries: WebhookDeliveriesRepo;
  readonly subscriptions: SubscriptionsRepo;
  readonly notifications: NotificationsRepo;
  readonly ssoSecrets: SsoSecretsRepo;
  readonly authProviders: AuthProvidersRepo;
  readonly changelogEntries: ChangelogEntriesRepo;
  readonly changelogLinks: ChangelogLinksRepo;
  readonly linkedIdentities: LinkedIdentitiesRepo;
  readonly postMerges: PostMergesRepo;
  readonly tags: TagsRepo;
  readonly postTags: PostTagsRepo;
  readonly uploads: UploadsRepo;
  readonly uploadBytes: UploadBytes;

  private readonly lock = new WriteLock();
  private state: 'open' | 'closing' | 'closed' = 'open';
  /** Transactions applied in memory whose journal line is not durable yet, oldest first. */
  private readonly pending: TxWriter[] = [];
  private readonly outage: WriteOutage;
  private compaction: Promise<void> | undefined;
  /** A failed compaction is tried again after the retry interval, not at once (a full disk would spin). */
  private compactionRetry: NodeJS.Timeout | undefined;
  private closing: Promise<void> | undefined;

  constructor(private readonly parts: Parts) {
    this.outage = new WriteOutage(parts.config.storageRetryMs, parts.logger, {
      rollBack: () => this.undoPending(),
      probe: async () => {
        await parts.journal.recover();
        await probeWritable(parts.config.dataDir);
      },
      recovered: () => this.compactIfDue(),
    });
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
    this.outbox = repos.outbox;
    this.webhookEndpoints = repos.webhookEndpoints;
    this.webhookDeliveries = repos.webhookDeliveries;
    this.subscriptions = repos.subscriptions;
    this.notifications = repos.notifications;
    this.ssoSecrets = repos.ssoSecrets;
    this.authProviders = repos.authProviders;
    this.changelogEntries = repos.changelogEntries;
    this.changelogLinks = repos.changelogLinks;
    this.linkedIdentities = repos.linkedIdentities;
    this.postMerges = repos.postMerges;
    this.tags = repos.tags;
    this.postTags = repos.postTags;
    this.uploads = repos.uploads;
    this.uploadBytes = uploadFiles(parts.config.dataDir);
  }

  async transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    return this.commit((writer) => work(createRepositories(transactionAccess(writer))));
  }

  /** The JSON-file engine has no savepoints to spare: the same as a transaction. */
  bulkTransaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    return this.transaction(work);
  }

  async snapshot(): Promise<DatabaseSnapshot> {
    // Taken between transactions, like a compaction's copy; then wait until what it holds is on disk.
    const outages = this.outage.count;
    const doc = await this.outerAccess().read((db) => db.toDocument());
    await this.parts.journal.flushed();
    if (this.outage.count !== outages) throw appError('STORAGE_UNAVAILABLE'); // the copy may hold undone writes
    const tables = withoutQueues(doc.tables);
    return { schemaVersion: doc.schemaVersion, settings: doc.settings, tables: { ...tables, uploads: await withUploadData(this.uploadBytes, doc.tables.uploads) } };
  }

  async isWritable(): Promise<boolean> {
    if (this.state !== 'open' || this.outage.active) return false;
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
    if (this.compaction || this.compactionRetry || this.state !== 'open' || this.outage.active) return;
    if (journal.bytes <= config.journalMaxBytes) return;
    this.compaction = this.compact().then(
      () => {
        this.compaction = undefined;
        this.compactIfDue(); // the journal may have outgrown the limit again meanwhile
      },
      (error: unknown) => {
        this.compaction = undefined;
        logger.error({ err: error, retryMs: config.storageRetryMs }, 'journal compaction failed; the journal keeps every write, tried again after storageRetryMs');
        this.retryCompactionLater();
      },
    );
  }

  private retryCompactionLater(): void {
    this.compactionRetry = setTimeout(() => {
      this.compactionRetry = undefined;
      this.compactIfDue();
    }, this.parts.config.storageRetryMs);
    this.compactionRetry.unref();
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
      // An outage may have begun while this transaction waited (a closing storage still runs it).
      if (this.outage.active) throw appError('STORAGE_UNAVAILABLE');
      const outages = this.outage.count;
      const writer = new TxWriter(this.parts.db);
      const { result, line } = await runUndoable(writer, body);
      if (line === undefined) return { result, durable: this.whenDurable(this.parts.journal.flushed(), outages) };
      this.parts.db.seq += 1;
      this.pending.push(writer);
      const appended = this.parts.journal.append(line).then(
        () => void this.pending.shift(), // lines become durable in the order they were appended
        (error: unknown) => this.outage.begin(error),
      );
      return { result, durable: this.whenDurable(appended, outages) };
    } finally {
      this.lock.release();
    }
  }

  /**
   * Resolves once `flushed` has; rejects with 503 when an outage began since the transaction read
   * memory: its changes, or changes it read, were undone (API.md §1.13: a failed request leaves
   * stored data unchanged).
   */
  private async whenDurable(flushed: Promise<void>, outagesBefore: number): Promise<void> {
    await flushed.catch(() => undefined);
    if (this.outage.count !== outagesBefore) throw appError('STORAGE_UNAVAILABLE');
  }

  /** Undoes, newest first, every transaction whose journal line did not reach the disk. */
  private async undoPending(): Promise<void> {
    await this.lock.acquire();
    try {
      const lost = this.pending.splice(0);
      for (const writer of lost.reverse()) writer.undo();
      this.parts.db.seq -= lost.length;
    } finally {
      this.lock.release();
    }
  }

  private assertWritable(): void {
    if (this.state !== 'open') throw new Error('storage is closed');
    if (this.outage.active) throw appError('STORAGE_UNAVAILABLE');
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
    this.outage.stop();
    clearTimeout(this.compactionRetry);
    try {
      await this.lock.acquire(); // transactions queued before close() still run
      this.lock.release();
      await journal.flushed();
      await this.compaction;
      // A non-empty journal means writes since the last snapshot (or leftovers of a crash).
      if (!this.outage.active && journal.bytes > 0) await this.compact();
    } catch (error) {
      logger.error({ err: error }, 'final compaction failed; the journal keeps every write');
    } finally {
      await journal.close();
      await dirLock.release();
      this.state = 'closed';
    }
  }
}

/** A backup's tables: the queues stay behind (Storage.snapshot), db.json compaction keeps them. */
function withoutQueues(tables: DatabaseDocument['tables']): DatabaseSnapshot['tables'] {
  const kept: Record<string, ReadonlyArray<{ id: string }>> = { ...tables };
  for (const name of QUEUE_TABLE_NAMES) delete kept[name];
  return kept as DatabaseSnapshot['tables'];
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

/** The upload rows of a copy, each with its bytes (base64); a row whose file is gone is left out, as it serves nothing. */
export async function withUploadData(bytes: UploadBytes, rows: readonly UploadRow[]): Promise<UploadCopyRow[]> {
  const copied: UploadCopyRow[] = [];
  for (const row of rows) {
    const data = await bytes.read(row.id);
    if (data) copied.push({ ...row, data: data.toString('base64') });
  }
  return copied;
}
