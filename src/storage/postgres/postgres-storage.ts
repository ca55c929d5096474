import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Config } from '../../config/types.js';
import type { Logger } from '../../logger.js';
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
  UploadsRepo,
  Storage,
  SubscriptionsRepo,
  UserRolesRepo,
  UsersRepo,
  VotesRepo,
  WebhookDeliveriesRepo,
  WebhookEndpointsRepo,
} from '../types.js';
import { openFailure } from './connect-error.js';
import { isUnavailable, mapFailure, RETRYABLE, sqlState } from './errors.js';
import { guardedWrites, oneAtATime, type WriteMode } from './guarded-writes.js';
import { prepared } from './prepared.js';
import { probeWrites } from './write-probe.js';
import { migrate, schemaVersion, withMigratedDatabase } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Queryable } from './queryable.js';
import { createRepositories } from './repositories.js';
import { readSnapshot } from './snapshot.js';
import { createUploadBytes } from './uploads/repos.js';

/*
 * Transactions run at SERIALIZABLE: the services' check-then-write units (one owner, one vote per
 * user and post, role name checks…) stay correct with several processes on one database without
 * explicit row locks. A unit that loses a serialisation race (40001) or a deadlock (40P01) is
 * rolled back and run again, up to MAX_ATTEMPTS times; `work` must therefore only touch `tx`
 * (the contract asks that anyway). COMMIT returns once PostgreSQL has made the writes durable
 * (synchronous_commit on, the server default). Outside transactions, each repository call runs
 * on the pool in autocommit mode.
 */

/** How often a transaction is tried before its serialisation failure is passed on. */
export const MAX_ATTEMPTS = 20;

/**
 * Opens the PostgreSQL engine on `config.databaseUrl`: connects, runs `checkDatabase` (which may
 * refuse the database before anything is written), applies missing migrations.
 */
export async function openPostgresStorage(
  config: Config,
  logger: Logger,
  beforeUpgrade?: BeforeUpgrade,
  checkDatabase?: (db: Queryable) => Promise<void>,
): Promise<Storage> {
  if (config.databaseUrl === null) throw new Error('openPostgresStorage needs a database URL');
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    connectionTimeoutMillis: 10_000,
    // Several processes share the server's max_connections (100 by default): each takes at most this many.
    max: config.databasePoolSize,
    // Shown in pg_stat_activity; an application_name in the URL wins.
    application_name: 'feedbackd',
  });
  // An idle connection dropped by the server must not crash the process: the pool replaces it.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection failed'));
  // A connection may also fail while checked out, between two queries of a transaction (a server
  // restart): without a listener, the client's 'error' event would end the process. The next
  // query on it fails instead, and the transaction answers 503.
  pool.on('connect', (client) => client.on('error', (error) => logger.warn({ err: error }, 'PostgreSQL connection failed in use')));
  try {
    await checkDatabase?.(pool);
    const backup = beforeUpgrade ? await copyBeforeUpgrade(pool, beforeUpgrade) : null;
    const applied = await migrate(pool);
    if (applied.length > 0) logger.info({ migrations: applied, backup }, backup ? `database schema migrated; the rows as they were are in ${backup}` : 'database schema migrated');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw openFailure(error, config.databaseUrl);
  }
  logger.debug('PostgreSQL storage opened');
  return new PostgresStorage(pool, logger);
}

/**
 * A database of an older schema, with rows in it, is copied (by `beforeUpgrade`, into a backup file)
 * before its migrations run. The copy reads the columns every schema since the first has had; a new
 * database or a current one is left alone. Returns the file, or null when there was nothing to copy.
 */
async function copyBeforeUpgrade(pool: pg.Pool, beforeUpgrade: BeforeUpgrade): Promise<string | null> {
  const version = await schemaVersion(pool);
  const latest = Math.max(...MIGRATIONS.map((migration) => migration.id));
  if (version === 0 || version >= latest) return null;
  const client = await pool.connect();
  try {
    return await beforeUpgrade(await readSnapshot(client), 'postgres');
  } finally {
    client.release();
  }
}

/** Applies the missing migrations without opening the storage (`feedbackd migrate`), after `checkDatabase`. */
export function migratePostgres(
  databaseUrl: string,
  checkDatabase?: (db: Queryable) => Promise<void>,
): Promise<{ applied: number[]; version: number }> {
  return withMigratedDatabase(databaseUrl, async (client, applied) => ({ applied, version: await schemaVersion(client) }), checkDatabase);
}

class PostgresStorage implements Storage {
  readonly engine = 'postgres';
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

  private closing: Promise<void> | undefined;
  /** Calls accepted before close(): close waits for them, so no accepted write is cut off. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {
    const repos = createRepositories(this.outer());
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
    this.uploadBytes = createUploadBytes(this.outer());
  }

  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new Error('storage is closed'));
    return this.track(this.runWithRetries(work, 'guarded').catch((error: unknown) => this.rethrow(error)));
  }

  bulkTransaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new Error('storage is closed'));
    return this.track(this.runWithRetries(work, 'bulk').catch((error: unknown) => this.rethrow(error)));
  }

  /** A database that cannot take the call now answers 503, with the cause in the log for the operator. */
  private rethrow(error: unknown): never {
    if (isUnavailable(error)) this.logger.warn({ err: error }, 'the database cannot take the call now: answering 503 STORAGE_UNAVAILABLE');
    throw mapFailure(error);
  }

  private async runWithRetries<T>(work: (tx: Repositories) => Promise<T>, writes: WriteMode): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(work, writes);
      } catch (error) {
        const state = sqlState(error);
        if (state === undefined || !RETRYABLE.has(state) || attempt >= MAX_ATTEMPTS) throw error;
        this.logger.debug({ attempt, state }, 'transaction lost a serialisation race; running it again');
        // Exponential backoff with jitter: many writers on one hot row (20 voters on one post) otherwise
        // collide again on every retry.
        await sleep(Math.floor(Math.random() * Math.min(200, 5 * 2 ** attempt)));
      }
    }
  }

  async isWritable(): Promise<boolean> {
    if (this.closing) return false;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch {
      return false;
    }
    const { writable, broken } = await probeWrites(client);
    client.release(broken);
    return writable;
  }

  async snapshot(): Promise<DatabaseSnapshot> {
    const client = await this.connect();
    let broken: Error | undefined;
    try {
      return await readSnapshot(client);
    } catch (error) {
      broken = error instanceof Error ? error : undefined;
      throw error;
    } finally {
      client.release(broken);
    }
  }

  close(): Promise<void> {
    this.closing ??= this.drainAndEnd();
    return this.closing;
  }

  private async drainAndEnd(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await this.pool.end();
  }

  private track<T>(call: Promise<T>): Promise<T> {
    this.inFlight.add(call);
    const forget = () => this.inFlight.delete(call);
    call.then(forget, forget);
    return call;
  }

  /** One try of a transaction: BEGIN, the work over the client, COMMIT; ROLLBACK on any error. */
  private async attempt<T>(work: (tx: Repositories) => Promise<T>, writes: WriteMode): Promise<T> {
    // Not this.connect(): a transaction accepted before close() still runs (and retries) to the end.
    const client = await this.pool.connect();
    let ended = false;
    let broken: Error | undefined;
    const guarded = writes === 'guarded' ? guardedWrites(client) : oneAtATime(client);
    const scoped: Queryable = {
      query: (text, params) => {
        if (ended) return Promise.reject(new Error('transaction has already ended: use tx only inside the transaction'));
        return guarded.query(text, params);
      },
    };
    try {
      await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      const result = await work(createRepositories(scoped));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      // A deferred unique constraint is checked at COMMIT.
      throw mapFailure(error);
    } finally {
      ended = true;
      client.release(broken);
    }
  }

  private async connect(): Promise<pg.PoolClient> {
    if (this.closing) throw new Error('storage is closed');
    return this.pool.connect();
  }

  /** Outside transactions: each call on the pool, in autocommit mode. */
  private outer(): Queryable {
    return {
      query: (text, params) => {
        if (this.closing) return Promise.reject(new Error('storage is closed'));
        return this.track(this.pool.query(prepared(text, params)).catch((error: unknown) => this.rethrow(error)));
      },
    };
  }
}
