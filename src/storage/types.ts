/**
 * The storage contract. Services are the only callers; every engine (lowdb now, PostgreSQL later)
 * implements it and passes the same contract tests. Rows are plain data, treated as immutable:
 * an engine may hand out frozen objects, so callers copy instead of mutating.
 * Timestamps are ISO 8601 strings with milliseconds and `Z`; ids are lower-case UUID v4.
 */

import type { Locale } from '../i18n/locales.js';
import type {
  ACTIVITY_TYPES,
  AUTH_PROVIDER_KINDS,
  CHANGELOG_LABELS,
  CHANGELOG_STATUSES,
  MAIL_KINDS,
  MAIL_STATUSES,
  MAIL_TOKEN_PURPOSES,
  MAIL_TRANSPORTS,
  APPROVALS,
  NOTIFICATION_KINDS,
  UPLOAD_TYPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_FORMATS,
} from './enumerations.js';

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
  /**
   * The user turned notification mail off in their profile (issue 17). Absent in rows written
   * before it existed, and read as false; account mail (confirmation, password reset) is not affected.
   */
  notificationsOff?: boolean;
  /**
   * A moderator marked the user trusted (issue 31 §2): their posts and comments never wait for
   * approval. Absent in rows written before it existed, and read as false. Storage schema 11.
   */
  isTrusted?: boolean;
  /**
   * The upload that is the user's avatar (issue 28: the picture a sign-in brings, fetched and
   * cleaned as uploads are); absent means Gravatar. `avatarSourceUrl` is the address it was fetched
   * from, so that a sign-in bringing the same one fetches nothing. Both absent in rows written
   * before they existed. Storage schema 13.
   */
  avatarUploadId?: string;
  avatarSourceUrl?: string;
  /**
   * The language the user chose (issue 33): their mails are written in it. Null or absent: none
   * chosen (rows written before it existed lack it), and mails follow the site's `locale`. Storage
   * schema 14.
   */
  locale?: Locale | null;
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
  /** What the board is for (issue 27): trimmed, 1..300 code points, or null. Storage schema 5. */
  description: string | null;
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

/**
 * Where a post or comment stands in the approval queue (issue 31 §2): `approved` (shown to all who
 * may see it), `waiting` (shown only to its author and to holders of `moderation:review`), `spam`
 * (hidden like a declined one, kept for review). Storage schema 11.
 */
export type Approval = (typeof APPROVALS)[number];

/** A row's approval: absent (rows written before schema 11, and new rows that never waited) = `approved`. */
export function approvalOf(row: { approval?: Approval }): Approval {
  return row.approval ?? 'approved';
}

/** Whether a row waits for approval or is marked spam (issue 31 §2): hidden from everyone but moderators (and, waiting, its author). */
export function isHeld(row: { approval?: Approval }): boolean {
  return row.approval === 'waiting' || row.approval === 'spam';
}

/**
 * Which held posts (waiting or spam, issue 31 §2) a list includes besides the approved ones.
 * Absent: none (what every public read gets).
 */
export interface HeldShown {
  /** Every held post (holders of `moderation:review`). */
  all?: boolean;
  /** The waiting posts (not spam) this user wrote: the author sees their own. */
  waitingBy?: string | null;
}

/** Whether a list read with `held` includes the row. */
export function heldShown(row: { approval?: Approval; userId: string }, held: HeldShown | undefined): boolean {
  if (!isHeld(row)) return true;
  if (held?.all) return true;
  return row.approval === 'waiting' && held?.waitingBy != null && row.userId === held.waitingBy;
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
  /** The approval queue's state (issue 31 §2); absent = approved (see `approvalOf`). */
  approval?: Approval;
  createdAt: string;
  updatedAt: string;
}

export interface VoteRow {
  id: string;
  userId: string;
  postId: string;
  createdAt: string;
}

/** A comment on a post; replies name their parent (a comment of the same post). */
export interface CommentRow {
  id: string;
  postId: string;
  parentId: string | null;
  userId: string;
  /** Trimmed, 1..1,000 code points. */
  body: string;
  isInternal: boolean;
  /** True once the body text has been changed. */
  isEdited: boolean;
  isSpam: boolean;
  /** The approval queue's state (issue 31 §2); absent = approved. Not `isSpam`, which hides nothing. */
  approval?: Approval;
  createdAt: string;
  updatedAt: string;
}

/** An entry of a post's activity feed; v1 has one per comment, created at the same instant. */
export interface ActivityRow {
  id: string;
  postId: string;
  commentId: string;
  type: (typeof ACTIVITY_TYPES)[number];
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
  /**
   * Avatars from Gravatar (a feedbackd extension of API.md §3.13). Absent in data stores made before
   * it existed: read as true (services/settings-views.ts `toSettings`), so no migration is needed.
   */
  gravatar?: boolean;
  /**
   * Where "Sign in" sends visitors when the team's product signs them in (issue 28), or null.
   * Absent in data stores made before it existed: read as null.
   */
  ssoLoginUrl?: string | null;
  /**
   * The origins whose pages may frame the widget's panel (issue 29), as `URL.origin` strings.
   * Absent in data stores made before it existed: read as none.
   */
  embedOrigins?: string[];
  /**
   * Whose posts and comments wait for approval (issue 31 §2): `off` (nobody), `new-users` (those
   * with no approved post or comment yet), `everyone`. Absent in data stores made before it existed: read as `off`.
   */
  moderation?: ModerationMode;
  /**
   * The sign-up and new-post forms must carry a form token (issue 31 §2): a request without one is
   * refused. Absent: read as false.
   */
  requireFormToken?: boolean;
  /**
   * The site's default language (issue 33): the pages' language for a visitor who chose none and
   * whose browser asks for none of ours. Absent in data stores made before it existed: read as `en`.
   */
  locale?: Locale;
  /**
   * The owner's own words per language (issue 33), replacing the site's defaults for that language.
   * Only set overrides are stored (never empty strings). Absent: read as none.
   */
  texts?: SiteTexts;
}

/** The site's own words the owner may override per language (issue 33). */
export const SITE_TEXT_KEYS = ['welcome', 'newPostHint'] as const;
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number];

/** Per language, the overridden words; a language without any is absent. */
export type SiteTexts = Partial<Record<Locale, Partial<Record<SiteTextKey, string>>>>;

export const MODERATION_MODES = ['off', 'new-users', 'everyone'] as const;
export type ModerationMode = (typeof MODERATION_MODES)[number];

export type MailTokenPurpose = (typeof MAIL_TOKEN_PURPOSES)[number];

/**
 * A mailed token. Verification and reset tokens belong to a user and are deleted when used. A
 * sign-in link (`signin`) names an address instead (userId null): the address may have no account
 * yet, and the one it has when the link is used is the one signed in. It is kept once used
 * (`usedAt`), so a second use is told apart from an unknown link.
 */
export interface MailTokenRow {
  id: string;
  /** The token's user; null for a sign-in link. */
  userId: string | null;
  purpose: MailTokenPurpose;
  /** SHA-256 hex of the token sent by mail; the token itself is never stored. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  /** Sign-in links only (absent otherwise): the lower-cased address the link was mailed to. */
  email?: string;
  /** Sign-in links only: when the link was used; absent while it is not. */
  usedAt?: string;
}

/** Account mail (verify, reset), the operator's test, subscribers' notifications, and alerts to the owner (a webhook turned off). */
export type MailKind = (typeof MAIL_KINDS)[number];

export interface MailLogRow {
  id: string;
  createdAt: string;
  to: string;
  subject: string;
  kind: MailKind;
  transport: (typeof MAIL_TRANSPORTS)[number];
  status: (typeof MAIL_STATUSES)[number];
  error: string | null;
}

/** A JSON object as stored (numbers, strings, booleans, null, arrays, objects); engines keep it as it was given. */
export type JsonFacts = { readonly [key: string]: unknown };

/**
 * An event recorded by the transaction of the change that caused it (the outbox, issue 17). The
 * worker turns it into webhook deliveries and notifications, then deletes it. `name` is one of
 * WEBHOOK_EVENTS; `facts` holds what the change knew and the stored rows will not tell afterwards
 * (the roadmap before, the deleted post's view, the vote's user).
 */
export interface OutboxEventRow {
  id: string;
  name: string;
  postId: string | null;
  /** The user whose request made the change; null for the operator's commands. */
  actorId: string | null;
  facts: JsonFacts;
  createdAt: string;
}

/** The body an endpoint receives: feedbackd's signed JSON envelope, or a chat message. */
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** A receiver of webhooks, configured by the owner. */
export interface WebhookEndpointRow {
  id: string;
  url: string;
  format: WebhookFormat;
  /** Event names it receives, in WEBHOOK_EVENTS order, no duplicates, at least one. */
  events: string[];
  /** Signs the JSON format; kept in clear because signing needs it, shown to the owner once. */
  secret: string;
  /** Created with the explicit flag that lets it reach loopback and private addresses. */
  allowPrivate: boolean;
  description: string | null;
  enabled: boolean;
  /** When the current run of failed attempts began; null after a success (the circuit's clock). */
  failingSince: string | null;
  /** Why the endpoint was turned off by the circuit, or null. */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event for one endpoint, from its first attempt until it is pruned (kept 7 days once finished). */
export interface WebhookDeliveryRow {
  /** The `deliveryId` of the envelope: the same across retries, so receivers deduplicate on it. */
  id: string;
  endpointId: string;
  event: string;
  /** The body as sent, prepared once at fan-out. */
  body: string;
  status: WebhookDeliveryStatus;
  /** Attempts started so far (an attempt counts from when it is claimed). */
  attempts: number;
  /** A pending delivery is due at this time; a claimed one is leased until it. */
  nextAttemptAt: string;
  lastAttemptAt: string | null;
  /** The receiver's HTTP status of the last attempt, when it answered. */
  responseStatus: number | null;
  durationMs: number | null;
  /** Why the last attempt failed, in the owner's words. */
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A user's explicit choice about one post's notifications (issue 17). Authors, voters and
 * commenters are subscribed without a row; a row with `subscribed: false` overrides that, and one
 * with `true` subscribes anyone else who asked.
 */
export interface SubscriptionRow {
  id: string;
  userId: string;
  postId: string;
  subscribed: boolean;
  createdAt: string;
  updatedAt: string;
}

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification waiting to be mailed: all of one (user, post) pair share `dueAt` and go out in one digest. */
export interface NotificationRow {
  id: string;
  userId: string;
  postId: string;
  kind: NotificationKind;
  /** What the mail says (roadmap ids, comment id, old and new title); checked again at send time. */
  facts: JsonFacts;
  createdAt: string;
  /** When it may be sent (the digest window), and while it is being sent, until when it is leased. */
  dueAt: string;
}

/**
 * A key the team's product signs single sign-on tokens with (issue 28): an HMAC key, so it is kept
 * in clear like a webhook secret, and shown to the owner once. Revoking deletes the row.
 */
export interface SsoSecretRow {
  id: string;
  /** The HS256 key exactly as handed out (its UTF-8 bytes are the key). */
  secret: string;
  createdAt: string;
  /** When a token signed with it last signed someone in; null until then. */
  lastUsedAt: string | null;
}

/**
 * An account's sign-in through something other than its password (issue 28): the product's token
 * (`provider: "sso"`), later an OpenID Connect provider. One per (provider, subject), one per
 * (user, provider).
 */
export interface LinkedIdentityRow {
  id: string;
  userId: string;
  /** `sso` for the product's token, or an OpenID Connect provider's id. */
  provider: string;
  /** The provider's stable id of the person (the token's `sub`), 1..200 characters. */
  subject: string;
  /** The https picture the provider last gave, or null. */
  avatarUrl: string | null;
  createdAt: string;
  lastUsedAt: string;
}

/**
 * An OpenID Connect provider (or GitHub's OAuth 2) people may sign in with (issue 28 §2). The id is
 * the owner's slug and the `provider` of the identities it links. The client secret is kept in
 * clear like a webhook secret (it is sent to the provider as is), and never listed.
 */
export interface AuthProviderRow {
  id: string;
  /** `oidc` (discovery from `issuer`) or `github` (GitHub's OAuth 2 endpoints and API, not OIDC). */
  kind: (typeof AUTH_PROVIDER_KINDS)[number];
  /** The label on its button: "Continue with <name>". */
  name: string;
  /** The OpenID issuer URL; for `github`, GitHub's web address. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case email domains allowed to sign in; empty: any. */
  allowedDomains: string[];
  /** Whether team accounts may sign in through it (a company's own Google Workspace). */
  allowTeam: boolean;
  enabled: boolean;
  createdAt: string;
}

export type ChangelogLabel = (typeof CHANGELOG_LABELS)[number];
export type ChangelogStatus = (typeof CHANGELOG_STATUSES)[number];

/**
 * A changelog entry (issue 30 §1). `publishAt` is set while it is scheduled (and kept once
 * published); `publishedAt` once it is out. Publishing flips `status` in the same transaction as
 * all its effects, so "scheduled and due" is the only claim the worker needs.
 */
export interface ChangelogEntryRow {
  id: string;
  /** Made from the title like a post's slug (`<dashed title>-<random tail>`); unique. */
  slug: string;
  title: string;
  contentMarkdown: string | null;
  /** A subset of CHANGELOG_LABELS, in their order. */
  labels: ChangelogLabel[];
  status: ChangelogStatus;
  publishAt: string | null;
  publishedAt: string | null;
  /** The roadmap the linked posts move to when the entry is published; null: they stay. */
  moveToRoadmapId: string | null;
  authorId: string;
  createdAt: string;
  updatedAt: string;
}

/** One post linked to a changelog entry; `position` keeps the order the author gave. */
export interface ChangelogLinkRow {
  id: string;
  entryId: string;
  postId: string;
  position: number;
  createdAt: string;
}

/** One vote of a merged post as it was before the merge (issue 30 §2). */
export interface MergedVote {
  id: string;
  userId: string;
  createdAt: string;
  /** True: moved to the target (its author had no vote there); false: dropped, its author already voted there. */
  moved: boolean;
}

/** What a merge moved or removed, so that unmerge can give the source back exactly. */
export interface PostMergeMoves {
  /** Every vote the source had. */
  votes: MergedVote[];
  /** The source's comments and replies, moved to the target with their activity entries. */
  commentIds: string[];
  /** The source's explicit subscription rows, removed with it. */
  subscriptions: SubscriptionRow[];
  /** Subscription rows the merge added on the target (its followers follow the target), removed by unmerge. */
  addedSubscriptionIds: string[];
}

/**
 * A post merged into another (issue 30 §2): while merged, the source is out of `posts` (so it
 * leaves every list, search, count and suggestion on both engines) and lives here as it was. The
 * id is the source's post id.
 */
export interface PostMergeRow {
  id: string;
  /** The post it is a duplicate of. */
  intoPostId: string;
  /** The source post's row as it was when merged; unmerge writes it back. */
  post: PostRow;
  moves: PostMergeMoves;
  /** Who merged it; null for the system (CLI). */
  mergedBy: string | null;
  createdAt: string;
}

/**
 * A tag the owner defines (issue 31 §1): `name` is 1..40 characters, unique ignoring case;
 * `color` a `#rrggbb` hex; a private tag (`public: false`) is seen only by those who may assign it.
 */
export interface TagRow {
  id: string;
  name: string;
  color: string;
  public: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One tag on one post; one per (post, tag). */
export interface PostTagRow {
  id: string;
  postId: string;
  tagId: string;
  createdAt: string;
}

/** The image formats an upload may have (issue 31 §3). */
export type UploadType = (typeof UPLOAD_TYPES)[number];

/**
 * An uploaded image (issue 31 §3): content-addressed, the id is the sha256 (hex) of the stored
 * bytes (metadata stripped), so the same image uploaded twice is stored once. The bytes live
 * beside the row (`Storage.uploadBytes`): files in the data directory or a bytea column.
 */
export interface UploadRow {
  id: string;
  type: UploadType;
  width: number;
  height: number;
  /** Bytes stored. */
  size: number;
  /** Who uploaded it first. */
  userId: string;
  createdAt: string;
}

/**
 * An upload as a whole-database copy holds it (`Storage.snapshot()`, backups, migrate-data): with
 * its bytes in base64, which restore writes back as the engine keeps bytes. Never in the live table.
 */
export interface UploadCopyRow extends UploadRow {
  data?: string;
}

/** The row type of every stored table. */
export interface TableRows {
  users: UserRow;
  roles: RoleRow;
  userRoles: UserRoleRow;
  boards: BoardRow;
  roadmaps: RoadmapRow;
  posts: PostRow;
  votes: VoteRow;
  comments: CommentRow;
  activities: ActivityRow;
  mailTokens: MailTokenRow;
  mailLog: MailLogRow;
  outbox: OutboxEventRow;
  webhookEndpoints: WebhookEndpointRow;
  webhookDeliveries: WebhookDeliveryRow;
  subscriptions: SubscriptionRow;
  notifications: NotificationRow;
  ssoSecrets: SsoSecretRow;
  linkedIdentities: LinkedIdentityRow;
  authProviders: AuthProviderRow;
  changelogEntries: ChangelogEntryRow;
  changelogLinks: ChangelogLinkRow;
  postMerges: PostMergeRow;
  tags: TagRow;
  postTags: PostTagRow;
  uploads: UploadRow;
}

/** The work queues: rows that only mean "still to be sent", never in a backup, an export or a copy. */
export type QueueTableName = 'outbox' | 'webhookDeliveries' | 'notifications';

/** The tables a backup carries and restore writes back: every table but the queues. */
export type CopiedTableRows = Omit<TableRows, QueueTableName | 'uploads'> & { uploads: UploadCopyRow };

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

/** Which page of users to read, optionally only those whose name, username or email contains some text. */
export interface UserPageRequest extends OrderedPageRequest {
  /**
   * Non-empty text a user's name, username or email must contain, both sides lower-cased by
   * JavaScript's `toLowerCase` (never the database's locale); `%` and `_` are plain characters.
   * A cursor row that does not match is unknown.
   */
  contains?: string;
}

export interface UsersRepo extends TableRepo<UserRow> {
  /** One page in (createdAt, id) order; undefined when `from.after` names no user of the (filtered) list. */
  page(request: UserPageRequest): Promise<OrderedPage<UserRow> | undefined>;
  /** Lookup by lower-cased email. */
  getByEmail(email: string): Promise<UserRow | undefined>;
  getByUsername(username: string): Promise<UserRow | undefined>;
  getOwner(): Promise<UserRow | undefined>;
}

/** `page` reads roles in (createdAt, id) order. */
export interface RolesRepo extends TableRepo<RoleRow>, OrderedPages<RoleRow> {
  list(): Promise<RoleRow[]>;
  /** Lookup by name, ignoring case (the rule of `roles.name`). */
  getByName(name: string): Promise<RoleRow | undefined>;
}

export interface UserRolesRepo extends TableRepo<UserRoleRow> {
  listByUser(userId: string): Promise<UserRoleRow[]>;
  /** The assignment of one role to one user (the key of `userRoles.userRole`). */
  getByUserAndRole(userId: string, roleId: string): Promise<UserRoleRow | undefined>;
  /** The assignments of each user id asked for, oldest first (an empty list for users without any). */
  listByUsers(userIds: readonly string[]): Promise<Map<string, UserRoleRow[]>>;
}

/** Which page of boards to read; with `displayedOnly`, hidden boards are left out (a hidden cursor row is unknown). */
export interface BoardPageRequest extends OrderedPageRequest {
  displayedOnly: boolean;
}

export interface BoardsRepo extends TableRepo<BoardRow> {
  getByUrl(url: string): Promise<BoardRow | undefined>;
  list(): Promise<BoardRow[]>;
  /** One page in (createdAt, id) order; undefined when `from.after` names no board of the list. */
  page(request: BoardPageRequest): Promise<OrderedPage<BoardRow> | undefined>;
  /** At most `limit` boards whose name starts with `prefix` ignoring case, by (lower-cased name, createdAt, id). */
  searchByName(prefix: string, limit: number): Promise<BoardRow[]>;
}

/** Which page of the roadmaps, ordered by `index` (unique, so no tie-break), to read. */
export interface RoadmapPageRequest extends OrderedPageRequest {
  /** `true`: displayed roadmaps only; `false`: hidden ones only; absent: both. */
  display?: boolean;
}

export interface RoadmapsRepo extends TableRepo<RoadmapRow> {
  getByUrl(url: string): Promise<RoadmapRow | undefined>;
  /** Every roadmap, by index ascending. */
  list(): Promise<RoadmapRow[]>;
  /** One page by index; undefined when `from.after` names no roadmap of the filtered list. */
  page(request: RoadmapPageRequest): Promise<OrderedPage<RoadmapRow> | undefined>;
  /** Up to `limit` roadmaps whose name starts with `prefix` (literal, case-insensitive), by lower-cased name, createdAt, id. */
  searchByName(prefix: string, limit: number): Promise<RoadmapRow[]>;
  /** The highest index in use; 0 when there is no roadmap. */
  highestIndex(): Promise<number>;
  /** Exchanges the indexes of two roadmaps in one write and sets both `updatedAt`; RowNotFound for an unknown id. */
  swapIndexes(firstId: string, secondId: string, updatedAt: string): Promise<[RoadmapRow, RoadmapRow]>;
}

/** How a post list is ordered: `created` by (createdAt, id) in the asked direction; `votes` by (vote count, createdAt, id), all descending. */
export type PostOrder = 'created' | 'votes';

/** One person's posts: those they wrote (`posted`) or those they voted for (`voted`). */
export interface MinePostsFilter {
  userId: string;
  kind: 'posted' | 'voted';
}

export interface PostQuery {
  /** Only posts on one of these boards; `undefined` = any board or none. */
  boardIds?: readonly string[];
  /** Only posts on this roadmap. */
  roadmapId?: string;
  /** Only the posts one user wrote or voted for. */
  mine?: MinePostsFilter;
  /** Leave out posts whose board has `display: false` (posts without a board stay). */
  visibleBoardsOnly: boolean;
  /** Absent = `created`. */
  orderBy?: PostOrder;
  /** With `orderBy: 'created'`: by createdAt, then id, both in this direction. */
  direction: 'asc' | 'desc';
  /**
   * Only posts carrying every one of these tag ids (issue 31 §1); absent or empty = no tag filter.
   * An id no tag has matches nothing.
   */
  tagIds?: readonly string[];
  /**
   * Search words (`queryWords` of src/text/search-words.ts): a post matches when every one is a
   * prefix of one of its stored search words (`postSearchWords` of its title and content).
   * Absent or empty = no search filter.
   */
  words?: readonly string[];
  /** Held posts (issue 31 §2) to include; absent = only approved ones. */
  held?: HeldShown;
  offset: number;
  limit: number;
}

/** What `similar` looks for (API.md §8.2). */
export interface SimilarQuery {
  /** `similarityWords` of the title: a candidate holds at least one of them among its search words. */
  words: readonly string[];
  /** `searchWords` of the title, in order: a post whose title has exactly these words comes first. */
  titleWords: readonly string[];
  /** Only posts on this board. */
  boardId?: string;
  /** Leave out posts whose board has `display: false`. */
  visibleBoardsOnly: boolean;
  limit: number;
}

/** What the approval queue lists (issue 31 §2): waiting or spam rows, oldest first. */
export interface HeldPageRequest {
  approval: 'waiting' | 'spam';
  offset: number;
  limit: number;
}

/** `countByUsers` counts the posts each user authored (held ones too). */
export interface PostsRepo extends TableRepo<PostRow>, CountsByUser {
  getBySlug(slug: string): Promise<PostRow | undefined>;
  query(query: PostQuery): Promise<PostRow[]>;
  /**
   * At most `limit` posts holding one of `words`, ranked: exact title first, then by how many of
   * `words` the title holds, then by vote count, createdAt and id, all descending.
   */
  similar(query: SimilarQuery): Promise<PostRow[]>;
  /** Sets `roadmapId` to null on every post of the roadmap (updatedAt untouched); returns how many. */
  clearRoadmap(roadmapId: string): Promise<number>;
  /** Sets `boardId` to null on every post of the board (updatedAt untouched); returns how many. */
  clearBoard(boardId: string): Promise<number>;
  /** The number of approved posts (issue 31 §2: held ones never count) on each board id asked for (0 for boards without posts). */
  countByBoards(boardIds: readonly string[]): Promise<Map<string, number>>;
  /** Held posts in the queue (issue 31 §2): those with the asked approval, (createdAt, id) ascending, and how many there are. */
  held(request: HeldPageRequest): Promise<{ rows: PostRow[]; total: number }>;
  /** Whether the user wrote an approved post (issue 31 §2: `new-users` moderation lets them through). */
  hasApprovedBy(userId: string): Promise<boolean>;
  /** Every post the user authored, oldest first (deleting a user reassigns them, API.md §1.13). */
  listByUser(userId: string): Promise<PostRow[]>;
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
  /** One page of a post's votes in (createdAt, id) order; undefined when `from.after` names no vote of that post. */
  pageByPost(postId: string, request: OrderedPageRequest): Promise<OrderedPage<VoteRow> | undefined>;
  /** Deletes every vote on the post; returns how many. */
  deleteByPost(postId: string): Promise<number>;
  /** Deletes every vote the user cast; returns how many. */
  deleteByUser(userId: string): Promise<number>;
}

export interface CommentsRepo extends TableRepo<CommentRow> {
  /** The direct replies to a comment, oldest first. */
  listReplies(parentId: string): Promise<CommentRow[]>;
  /** Every comment the user wrote, oldest first (deleting a user has to deal with them, API.md §1.13). */
  listByUser(userId: string): Promise<CommentRow[]>;
  /** Every comment and reply on the post, oldest first (a merge moves them, issue 30 §2). */
  listByPost(postId: string): Promise<CommentRow[]>;
  /** Deletes every comment on the post; returns how many. */
  deleteByPost(postId: string): Promise<number>;
  /** Comments of every post, newest first by (createdAt, id): `limit` of them after the `skip` newest. */
  newest(limit: number, skip: number): Promise<CommentRow[]>;
  /** The number of public approved comments, replies included (`isInternal` false, not held, issue 31 §2), on each post id asked for (0 for none). */
  countPublicByPosts(postIds: readonly string[]): Promise<Map<string, number>>;
  /** Held comments in the queue (issue 31 §2): those with the asked approval, (createdAt, id) ascending, and how many there are. */
  held(request: HeldPageRequest): Promise<{ rows: CommentRow[]; total: number }>;
  /** Whether the user wrote an approved comment (issue 31 §2). */
  hasApprovedBy(userId: string): Promise<boolean>;
}

/**
 * Which page of a post's activity to read: `internal` true = entries of internal comments, false = of
 * public ones, absent = all. Entries of held comments (waiting or spam, issue 31 §2) are read only as
 * `held` shows them (absent: never), in their place in the order; a `from.after` cursor may name one.
 */
export interface ActivityPageRequest extends OrderedPageRequest {
  internal?: boolean;
  held?: HeldShown;
}

export interface ActivitiesRepo extends TableRepo<ActivityRow> {
  /** The entry of a comment (at most one: `activities.comment` is unique). */
  getByComment(commentId: string): Promise<ActivityRow | undefined>;
  /**
   * One page of the post's entries in (createdAt, id) order, filtered by the visibility of each
   * entry's comment; undefined when `from.after` names no entry of that list.
   */
  pageByPost(postId: string, request: ActivityPageRequest): Promise<OrderedPage<ActivityRow> | undefined>;
  /** Deletes every entry of the post; returns how many. */
  deleteByPost(postId: string): Promise<number>;
}

export interface SettingsRepo {
  get(): Promise<SettingsRow>;
  update(patch: Partial<SettingsRow>): Promise<SettingsRow>;
}

export interface MailTokensRepo extends TableRepo<MailTokenRow> {
  getByHash(tokenHash: string): Promise<MailTokenRow | undefined>;
  /** Deletes every token of the user for that purpose; returns how many. */
  deleteByUser(userId: string, purpose: MailTokenPurpose): Promise<number>;
  /** Deletes every token of that purpose that expired before `before` (ISO time); returns how many. */
  deleteExpired(purpose: MailTokenPurpose, before: string): Promise<number>;
}

export interface MailLogRepo {
  /** Appends an entry, keeping only the newest `keep` entries. */
  append(entry: MailLogRow, keep: number): Promise<void>;
  /** Newest first. */
  list(limit: number): Promise<MailLogRow[]>;
}

export interface OutboxRepo {
  /** Records an event (inside the transaction of the change). */
  insert(row: OutboxEventRow): Promise<OutboxEventRow>;
  /**
   * The oldest `limit` events by (createdAt, id), locked for the calling transaction: on PostgreSQL
   * rows another transaction holds are skipped (FOR UPDATE SKIP LOCKED), so two processes never
   * fan out the same event. Outside a transaction it is a plain read.
   */
  claimOldest(limit: number): Promise<OutboxEventRow[]>;
  /** Deletes these events; returns how many. */
  deleteMany(ids: readonly string[]): Promise<number>;
  count(): Promise<number>;
}

export interface WebhookEndpointsRepo extends TableRepo<WebhookEndpointRow> {
  /** Every endpoint, oldest first by (createdAt, id). */
  list(): Promise<WebhookEndpointRow[]>;
}

/** Which deliveries to list, newest first by (createdAt, id). */
export interface DeliveryListRequest {
  endpointId?: string;
  status?: WebhookDeliveryStatus;
  limit: number;
}

export interface WebhookDeliveriesRepo extends TableRepo<WebhookDeliveryRow> {
  /** Inserts many (one fan-out); a duplicate id throws UniqueViolation `webhookDeliveries.id`. */
  insertMany(rows: readonly WebhookDeliveryRow[]): Promise<void>;
  /**
   * Pending deliveries with `nextAttemptAt <= now` whose endpoint is enabled, earliest due first
   * (nextAttemptAt, id), at most `limit`, locked for the calling transaction (SKIP LOCKED on
   * PostgreSQL, as `OutboxRepo.claimOldest`). The caller then leases them by moving nextAttemptAt.
   */
  claimDue(now: string, limit: number): Promise<WebhookDeliveryRow[]>;
  list(request: DeliveryListRequest): Promise<WebhookDeliveryRow[]>;
  /** Deletes delivered and failed deliveries last updated before `before`; returns how many. */
  deleteFinishedBefore(before: string): Promise<number>;
  /** Deletes every delivery of the endpoint; returns how many. */
  deleteByEndpoint(endpointId: string): Promise<number>;
}

export interface SubscriptionsRepo extends TableRepo<SubscriptionRow> {
  /** The key of `subscriptions.userPost` (unique). */
  getByUserAndPost(userId: string, postId: string): Promise<SubscriptionRow | undefined>;
  /** Every row of the post, oldest first. */
  listByPost(postId: string): Promise<SubscriptionRow[]>;
  deleteByPost(postId: string): Promise<number>;
  deleteByUser(userId: string): Promise<number>;
}

export interface NotificationsRepo extends TableRepo<NotificationRow> {
  /** The pending notifications of a pair, oldest first (their `dueAt` tells a new one which digest it joins). */
  listByUserAndPost(userId: string, postId: string): Promise<NotificationRow[]>;
  /**
   * Notifications with `dueAt <= now`, earliest due first (dueAt, id), at most `limit`, locked for
   * the calling transaction (SKIP LOCKED on PostgreSQL). The caller groups them by pair and leases them.
   */
  claimDue(now: string, limit: number): Promise<NotificationRow[]>;
  deleteMany(ids: readonly string[]): Promise<number>;
  deleteByPost(postId: string): Promise<number>;
  deleteByUser(userId: string): Promise<number>;
}

export interface SsoSecretsRepo extends TableRepo<SsoSecretRow> {
  /** Every secret, oldest first by (createdAt, id). */
  list(): Promise<SsoSecretRow[]>;
}

export interface LinkedIdentitiesRepo extends TableRepo<LinkedIdentityRow> {
  /** The key of `linkedIdentities.providerSubject` (unique). */
  getBySubject(provider: string, subject: string): Promise<LinkedIdentityRow | undefined>;
  /** The user's identities, oldest first. */
  listByUser(userId: string): Promise<LinkedIdentityRow[]>;
  deleteByUser(userId: string): Promise<number>;
}

export interface AuthProvidersRepo extends TableRepo<AuthProviderRow> {
  /** Every provider, oldest first by (createdAt, id). */
  list(): Promise<AuthProviderRow[]>;
}

/** Which changelog entries to list: those with one of the statuses (and linking `postId`, when given). */
export interface ChangelogListRequest {
  statuses: readonly ChangelogStatus[];
  postId?: string;
  offset: number;
  limit: number;
}

export interface ChangelogEntriesRepo extends TableRepo<ChangelogEntryRow> {
  getBySlug(slug: string): Promise<ChangelogEntryRow | undefined>;
  /**
   * A page of entries, newest first by (publishedAt ?? publishAt ?? createdAt, id), and how many
   * match in all.
   */
  list(request: ChangelogListRequest): Promise<{ rows: ChangelogEntryRow[]; total: number }>;
  /**
   * Scheduled entries with `publishAt <= now`, earliest first, at most `limit`, locked for the
   * calling transaction (SKIP LOCKED on PostgreSQL, so two servers never take the same one).
   */
  claimDue(now: string, limit: number): Promise<ChangelogEntryRow[]>;
  /** The row again, locked for the calling transaction (FOR UPDATE on PostgreSQL): a publish waits for another. */
  lock(id: string): Promise<ChangelogEntryRow | undefined>;
}

export interface ChangelogLinksRepo extends TableRepo<ChangelogLinkRow> {
  /** The entry's links in `position` order. */
  listByEntry(entryId: string): Promise<ChangelogLinkRow[]>;
  deleteByEntry(entryId: string): Promise<number>;
  deleteByPost(postId: string): Promise<number>;
}

export interface PostMergesRepo extends TableRepo<PostMergeRow> {
  /** The merge whose source post had this slug. */
  getBySlug(slug: string): Promise<PostMergeRow | undefined>;
  /** The merges into one post, oldest first by (createdAt, id). */
  listInto(postId: string): Promise<PostMergeRow[]>;
}

export interface TagsRepo extends TableRepo<TagRow> {
  /** The tag with this name, ignoring case. */
  getByName(name: string): Promise<TagRow | undefined>;
  /** Every tag, by name (case-insensitive), then id. */
  list(): Promise<TagRow[]>;
}

export interface PostTagsRepo extends TableRepo<PostTagRow> {
  /** The links of these posts (any order). */
  listByPosts(postIds: readonly string[]): Promise<PostTagRow[]>;
  /** The links of one tag (any order). */
  listByTag(tagId: string): Promise<PostTagRow[]>;
  deleteByPost(postId: string): Promise<number>;
  deleteByTag(tagId: string): Promise<number>;
}

export interface UploadsRepo extends TableRepo<UploadRow> {
  /** Uploads created strictly before `time` (ISO), oldest first, at most `limit`. */
  listCreatedBefore(time: string, limit: number): Promise<UploadRow[]>;
  /** The total size of the uploads a user made at or after `time` (ISO): the daily quota. */
  sizeByUserSince(userId: string, time: string): Promise<number>;
  /**
   * The upload ids that some text names as `/uploads/<id>`: a post's Markdown (merged posts too,
   * as unmerge brings them back), a comment's body, a changelog entry's Markdown.
   */
  usedIds(): Promise<Set<string>>;
}

/**
 * The bytes of uploads, kept beside their rows (issue 31 §3). Writes are idempotent (the id is
 * the bytes' hash) and durable when they resolve; not part of a transaction: bytes are written
 * before their row and removed after it, so a row never names missing bytes.
 */
export interface UploadBytes {
  write(id: string, bytes: Buffer): Promise<void>;
  read(id: string): Promise<Buffer | undefined>;
  /** Removes the bytes; bytes already gone are fine. */
  remove(id: string): Promise<void>;
  /** Every id that has bytes (to copy them, or to find bytes whose row is gone). */
  ids(): Promise<string[]>;
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
  comments: CommentsRepo;
  activities: ActivitiesRepo;
  settings: SettingsRepo;
  mailTokens: MailTokensRepo;
  mailLog: MailLogRepo;
  outbox: OutboxRepo;
  webhookEndpoints: WebhookEndpointsRepo;
  webhookDeliveries: WebhookDeliveriesRepo;
  subscriptions: SubscriptionsRepo;
  notifications: NotificationsRepo;
  ssoSecrets: SsoSecretsRepo;
  linkedIdentities: LinkedIdentitiesRepo;
  authProviders: AuthProvidersRepo;
  changelogEntries: ChangelogEntriesRepo;
  changelogLinks: ChangelogLinksRepo;
  postMerges: PostMergesRepo;
  tags: TagsRepo;
  postTags: PostTagsRepo;
  uploads: UploadsRepo;
}

export interface Storage extends Repositories {
  /** The bytes of uploaded images (issue 31 §3). */
  readonly uploadBytes: UploadBytes;
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
  /**
   * A transaction for work that writes thousands of rows and never catches a refused write (an
   * import): a refused write (UniqueViolation) fails the whole unit. The same promises as
   * `transaction` otherwise. PostgreSQL then needs no savepoint per statement, and past a few dozen
   * savepoints every statement of the transaction gets slower.
   */
  bulkTransaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** True when storage accepts writes (API.md §4.1.1). */
  isWritable(): Promise<boolean>;
  /**
   * A consistent point-in-time copy of every table and the settings, holding only durable writes
   * (backup, export). The queues (outbox, webhookDeliveries, notifications) are left out: a restored
   * database starts with nothing to deliver rather than re-sending what was sent.
   */
  snapshot(): Promise<DatabaseSnapshot>;
  /** Flushes pending writes and releases files; the storage is unusable afterwards. */
  close(): Promise<void>;
}

/**
 * The whole database at one instant, engine-neutral: the settings and every table's rows (in no
 * particular order). Tables the reader does not know (newer schema) are carried through untouched.
 */
/**
 * Called before a database of an older schema is upgraded in place, with its rows as they are:
 * writes a copy somewhere safe and returns where (for the log). A failure stops the upgrade.
 */
export type BeforeUpgrade = (old: DatabaseSnapshot, engine: string) => Promise<string>;

export interface DatabaseSnapshot {
  /** The storage schema version the rows follow. */
  schemaVersion: number;
  settings: SettingsRow;
  tables: SnapshotTables;
}

/** Every table of a snapshot by name; the ones listed are those of schema version 1. */
export interface SnapshotTables {
  users: readonly UserRow[];
  roles: readonly RoleRow[];
  userRoles: readonly UserRoleRow[];
  boards: readonly BoardRow[];
  roadmaps: readonly RoadmapRow[];
  posts: readonly PostRow[];
  votes: readonly VoteRow[];
  [table: string]: ReadonlyArray<{ id: string }>;
}
