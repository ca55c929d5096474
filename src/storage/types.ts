/**
 * The storage contract. Services are the only callers; every engine (lowdb now, PostgreSQL later)
 * implements it and passes the same contract tests. Rows are plain data, treated as immutable:
 * an engine may hand out frozen objects, so callers copy instead of mutating.
 * Timestamps are ISO 8601 strings with milliseconds and `Z`; ids are lower-case UUID v4.
 */

export interface UserRow {
  id: string;
  email: string;
  username: string;
  name: string;
  passwordHash: string;
  isOwner: boolean;
  isVerified: boolean;
  isBlocked: boolean;
  tokenVersion: number;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RoleRow {
  id: string;
  name: string;
  description: string | null;
  isSystem: boolean;
  /** Permission strings, canonical order, no duplicates. */
  permissions: string[];
  createdAt: string;
  updatedAt: string;
}

export interface UserRoleRow {
  id: string;
  userId: string;
  roleId: string;
  createdAt: string;
}

export interface BoardRow {
  id: string;
  name: string;
  url: string;
  color: string;
  display: boolean;
  viewVoters: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface RoadmapRow {
  id: string;
  name: string;
  url: string;
  color: string;
  index: number;
  display: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface PostRow {
  id: string;
  title: string;
  slug: string;
  slugId: string;
  contentMarkdown: string | null;
  userId: string;
  boardId: string | null;
  roadmapId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface VoteRow {
  id: string;
  userId: string;
  postId: string;
  createdAt: string;
}

export interface Labs {
  comments: boolean;
  voteOnBehalf: boolean;
}

export interface SettingsRow {
  title: string;
  description: string | null;
  logo: string | null;
  icon: string | null;
  accentColor: string;
  googleAnalyticsId: string | null;
  isPoweredBy: boolean;
  allowSignup: boolean;
  developerMode: boolean;
  labs: Labs;
}

export type MailTokenPurpose = 'verify' | 'reset';

export interface MailTokenRow {
  id: string;
  userId: string;
  purpose: MailTokenPurpose;
  /** SHA-256 hex of the token sent by mail; the token itself is never stored. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

export interface MailLogRow {
  id: string;
  createdAt: string;
  to: string;
  subject: string;
  kind: 'verify' | 'reset' | 'test';
  transport: 'smtp' | 'outbox';
  status: 'sent' | 'failed';
  error: string | null;
}

/** Thrown by an engine when a write would break a uniqueness rule of API.md §1.13. */
export class UniqueViolation extends Error {
  /** `<table>.<rule>`, e.g. `users.email`, `votes.userPost`. */
  readonly constraint: string;
  constructor(constraint: string) {
    super(`unique constraint violated: ${constraint}`);
    this.name = 'UniqueViolation';
    this.constraint = constraint;
  }
}

/** Thrown when an update or delete names a row that does not exist. */
export class RowNotFound extends Error {
  constructor(table: string, id: string) {
    super(`${table} row not found: ${id}`);
    this.name = 'RowNotFound';
  }
}

/** CRUD shared by every table keyed by `id`. */
export interface TableRepo<Row extends { id: string }> {
  get(id: string): Promise<Row | undefined>;
  getMany(ids: readonly string[]): Promise<Map<string, Row>>;
  insert(row: Row): Promise<Row>;
  /** Replaces the given fields; throws RowNotFound for an unknown id. */
  update(id: string, patch: Partial<Omit<Row, 'id'>>): Promise<Row>;
  /** True when a row was deleted. */
  delete(id: string): Promise<boolean>;
  count(): Promise<number>;
}

/** A sort direction; ordered lists sort by their key, then by id, both in this direction. */
export type SortDirection = 'asc' | 'desc';

/** Which page of a table ordered by (createdAt, id) to read. */
export interface OrderedPageRequest {
  direction: SortDirection;
  /** Most rows to return. */
  limit: number;
  /** Skip `offset` rows of the ordered list, or start strictly after the row whose id is `after`. */
  from: { offset: number } | { after: string };
}

/** One page of an ordered list, with what paging needs to describe it. */
export interface OrderedPage<Row> {
  rows: Row[];
  /** Rows in the whole ordered list. */
  total: number;
  /** Rows of the ordered list before the first row of this page (never more than `total`). */
  offset: number;
  /** Whether at least one row comes after the last row of this page. */
  hasMore: boolean;
}

/** Reading a table page by page in (createdAt, id) order, by offset or after a given row. */
export interface OrderedPages<Row> {
  /** One page; undefined when `from.after` names no row of the table. */
  page(request: OrderedPageRequest): Promise<OrderedPage<Row> | undefined>;
}

/** Counting a table's rows per user. */
export interface CountsByUser {
  /** The number of rows of each user id asked for (0 for users without rows). */
  countByUsers(userIds: readonly string[]): Promise<Map<string, number>>;
}

export interface UsersRepo extends TableRepo<UserRow>, OrderedPages<UserRow> {
  /** Lookup by lower-cased email. */
  getByEmail(email: string): Promise<UserRow | undefined>;
  getByUsername(username: string): Promise<UserRow | undefined>;
  getOwner(): Promise<UserRow | undefined>;
}

export interface RolesRepo extends TableRepo<RoleRow> {
  list(): Promise<RoleRow[]>;
}

export interface UserRolesRepo extends TableRepo<UserRoleRow> {
  listByUser(userId: string): Promise<UserRoleRow[]>;
  /** The assignments of each user id asked for, oldest first (an empty list for users without any). */
  listByUsers(userIds: readonly string[]): Promise<Map<string, UserRoleRow[]>>;
}

export interface BoardsRepo extends TableRepo<BoardRow> {
  getByUrl(url: string): Promise<BoardRow | undefined>;
  list(): Promise<BoardRow[]>;
}

export interface RoadmapsRepo extends TableRepo<RoadmapRow> {
  getByUrl(url: string): Promise<RoadmapRow | undefined>;
  list(): Promise<RoadmapRow[]>;
}

export interface PostQuery {
  /** Only posts on one of these boards; `undefined` = any board or none. */
  boardIds?: readonly string[];
  /** Only posts on this roadmap. */
  roadmapId?: string;
  /** Leave out posts whose board has `display: false` (posts without a board stay). */
  visibleBoardsOnly: boolean;
  /** Order by createdAt, then id, both in this direction. */
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** `countByUsers` counts the posts each user authored. */
export interface PostsRepo extends TableRepo<PostRow>, CountsByUser {
  getBySlug(slug: string): Promise<PostRow | undefined>;
  query(query: PostQuery): Promise<PostRow[]>;
}

export interface VoteSummary {
  /** The newest votes first (createdAt desc, id desc), at most the number asked for. */
  recent: VoteRow[];
  count: number;
  /** The viewer's own vote, when a viewer was named and has voted. */
  viewerVote: VoteRow | null;
}

/** `countByUsers` counts the votes each user cast. */
export interface VotesRepo extends TableRepo<VoteRow>, CountsByUser {
  getByUserAndPost(userId: string, postId: string): Promise<VoteRow | undefined>;
  /** One summary per post id asked for (posts without votes get an empty summary). */
  summarize(postIds: readonly string[], recent: number, viewerId: string | null): Promise<Map<string, VoteSummary>>;
}

export interface SettingsRepo {
  get(): Promise<SettingsRow>;
  update(patch: Partial<SettingsRow>): Promise<SettingsRow>;
}

export interface MailTokensRepo extends TableRepo<MailTokenRow> {
  getByHash(tokenHash: string): Promise<MailTokenRow | undefined>;
  /** Deletes every token of the user for that purpose; returns how many. */
  deleteByUser(userId: string, purpose: MailTokenPurpose): Promise<number>;
}

export interface MailLogRepo {
  /** Appends an entry, keeping only the newest `keep` entries. */
  append(entry: MailLogRow, keep: number): Promise<void>;
  /** Newest first. */
  list(limit: number): Promise<MailLogRow[]>;
}

/** Every repository, as seen outside or inside a transaction. */
export interface Repositories {
  users: UsersRepo;
  roles: RolesRepo;
  userRoles: UserRolesRepo;
  boards: BoardsRepo;
  roadmaps: RoadmapsRepo;
  posts: PostsRepo;
  votes: VotesRepo;
  settings: SettingsRepo;
  mailTokens: MailTokensRepo;
  mailLog: MailLogRepo;
}

export interface Storage extends Repositories {
  /** `lowdb` or `postgres`. */
  readonly engine: string;
  /**
   * Runs `work` as one atomic unit: every write through `tx` applies or none does, and other
   * callers never see a half-applied unit. When the returned promise resolves, the writes are
   * durable (on disk, fsync'd). If `work` throws, nothing is written and the error is rethrown.
   * Inside `work`, use only `tx` (never the outer repositories) and await nothing but `tx` calls:
   * slow work (hashing, mail) belongs before or after the transaction.
   */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** True when storage accepts writes (API.md §4.1.1). */
  isWritable(): Promise<boolean>;
  /** Flushes pending writes and releases files; the storage is unusable afterwards. */
  close(): Promise<void>;
}
