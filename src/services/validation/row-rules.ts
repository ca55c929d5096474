import { createHash } from 'node:crypto';
import { RESERVED_BOARD_URLS } from '../boards.js';
import { parseContent, TITLE_RULE } from '../posts.js';
import { RESERVED_URLS as RESERVED_ROADMAP_URLS } from '../roadmaps.js';
import { parseTagColor, parseTagName } from '../tags/input.js';
import {
  ACTIVITY_TYPES,
  AUTH_PROVIDER_KINDS,
  CHANGELOG_STATUSES,
  MAIL_KINDS,
  MAIL_STATUSES,
  MAIL_TOKEN_PURPOSES,
  MAIL_TRANSPORTS,
  APPROVALS,
  UPLOAD_TYPES,
  WEBHOOK_FORMATS,
} from '../../storage/enumerations.js';
import { LOCALES } from '../../i18n/locales.js';
import { EVERYONE_ROLE_ID } from '../../storage/seed.js';
import type { CopiedTableRows } from '../../storage/types.js';
import { parseChangelogContent, parseChangelogTitle, parseLabels } from '../changelog/input.js';
import { parseAllowedDomains, parseIssuer, parseProviderId, parseProviderName } from '../auth-providers/input.js';
import { MAX_SUBJECT_LENGTH, PROVIDER_ID, SSO_SECRET } from '../sso/formats.js';
import { parseAvatarUrl } from '../sso/claims.js';
import { isWebhookEventName, WEBHOOK_EVENTS } from '../webhooks/events.js';
import { parseEmail, parsePersonName } from './account.js';
import { parseBoardChanges } from './boards.js';
import { parseCommentChanges } from './comments.js';
import { codePointLength, requiredText } from './fields.js';
import { parseRoleChanges } from './roles.js';
import { parseRoadmapChanges } from '../roadmap-input.js';
import { parseSettingsChanges } from './settings-fields.js';
import {
  allOf,
  apiRule,
  bool,
  integerIn,
  isObject,
  matching,
  notIn,
  oneOf,
  orNull,
  text,
  time,
  unstorableText,
  uuid,
  type ValueRule,
} from './stored-values.js';

/*
 * The field rules of every stored row, shared by restore (whole rows of a backup) and import
 * (the rows of an export file): built from the API's own parsers, so neither can store what the
 * API would refuse, and the three cannot drift apart.
 */

/** A field that breaks its rule: null `field` when the row itself is wrong (not an object). */
export interface FieldProblem {
  field: string | null;
  problem: string;
}

/** The rules of one kind of row. */
export interface RowRules {
  fields: Readonly<Record<string, ValueRule>>;
  /** Fields rows written before they existed lack (read as their default). */
  optional?: readonly string[];
  /** A rule between fields of the same row, checked once every field keeps its own. */
  across?: (row: Record<string, unknown>) => FieldProblem | null;
}

/** How much of a row is checked: a stored row has every field and no other; an imported one only has its fields checked. */
export type RowCheck = 'whole' | 'present';

/**
 * Highest roadmap index and token version: far below PostgreSQL's integer column limit
 * (2,147,483,647), so the API can still append a roadmap or bump a token version after the highest.
 */
export const MAX_STORED_COUNTER = 1_000_000_000;

/** bcrypt's modular crypt form: `$2a$`, `$2b$` or `$2y$`, a two-digit cost 04..31, 53 characters of salt and hash. */
// Empty: an account made by single sign-on, a provider or a mailed link that has no password yet (issue 28).
const BCRYPT_HASH = /^(\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53})?$/;
/** What the username rule (API.md §1.8) can produce, at most 30 characters. */
const USERNAME = /^[a-z0-9._-]{1,30}$/;
/** Dashed lower-case words (API.md §4.4 slug rule): at most 80 characters, `-`, the slugId. */
const POST_SLUG = /^(?=.{1,101}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_ID = /^[0-9a-z]{1,20}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

const lowerCased = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);
const TIMES = { createdAt: time, updatedAt: time };

/** The API's `labs` object (§3.14): exactly its two flags. */
const labs: ValueRule = (value) => {
  if (!isObject(value)) return 'must be an object {"comments": boolean, "voteOnBehalf": boolean}';
  const found = fieldProblem(LABS_RULES, value, 'whole');
  return found && `${found.field} ${found.problem}`;
};
const LABS_RULES: RowRules = { fields: { comments: bool, voteOnBehalf: bool } };

/** The site settings (API.md §4.10.2): feedbackd's own fields (`gravatar` … `texts`) are absent from data written before they existed. */
export const SETTINGS_RULES: RowRules = {
  fields: {
    title: apiRule((value) => parseSettingsChanges({ title: value }).title),
    description: apiRule((value) => parseSettingsChanges({ description: value }).description),
    logo: apiRule((value) => parseSettingsChanges({ logo: value }).logo),
    icon: apiRule((value) => parseSettingsChanges({ icon: value }).icon),
    accentColor: apiRule((value) => parseSettingsChanges({ accentColor: value }).accentColor),
    googleAnalyticsId: apiRule((value) => parseSettingsChanges({ googleAnalyticsId: value }).googleAnalyticsId),
    isPoweredBy: bool,
    allowSignup: bool,
    developerMode: bool,
    labs,
    gravatar: bool,
    ssoLoginUrl: apiRule((value) => parseSettingsChanges({ ssoLoginUrl: value }).ssoLoginUrl),
    embedOrigins: apiRule((value) => parseSettingsChanges({ embedOrigins: value }).embedOrigins),
    moderation: apiRule((value) => parseSettingsChanges({ moderation: value }).moderation),
    requireFormToken: bool,
    locale: apiRule((value) => parseSettingsChanges({ locale: value }).locale),
    texts: apiRule((value) => parseSettingsChanges({ texts: value }).texts),
  },
  optional: ['gravatar', 'ssoLoginUrl', 'embedOrigins', 'moderation', 'requireFormToken', 'locale', 'texts'],
};

/** A sign-in link names an address and no user; every other mail token names a user, and only a link is ever kept used. */
function signInLinkProblem(row: Record<string, unknown>): FieldProblem | null {
  const link = row.purpose === 'signin';
  if (link !== (row.userId === null)) return { field: 'userId', problem: link ? 'must be null for a sign-in link' : 'must name a user' };
  if (link !== Object.hasOwn(row, 'email')) return { field: 'email', problem: link ? 'is missing' : 'belongs to sign-in links only' };
  if (!link && Object.hasOwn(row, 'usedAt')) return { field: 'usedAt', problem: 'belongs to sign-in links only' };
  return null;
}

/** A webhook endpoint's event names: a non-empty list of known events. */
const eventNames: ValueRule = (value) =>
  Array.isArray(value) && value.length > 0 && value.every(isWebhookEventName)
    ? null
    : `must be a non-empty list of event names (${WEBHOOK_EVENTS.join(', ')})`;

/** A linked identity's subject: the provider's id of the person, 1..200 characters. */
const subject: ValueRule = (value) =>
  typeof value === 'string' && value !== '' && codePointLength(value) <= MAX_SUBJECT_LENGTH ? null : `must be a string of 1..${MAX_SUBJECT_LENGTH} characters`;

/** A provider's client id or secret: any text but empty. */
const nonEmpty: ValueRule = (value) => (typeof value === 'string' && value.trim() !== '' ? null : 'must be a non-empty string');

const POST_FIELDS = {
  id: uuid,
  title: apiRule((value) => requiredText(value, 'title', TITLE_RULE)),
  slug: matching(POST_SLUG, 'a post slug: words of a-z and 0-9 joined by "-", at most 101 characters'),
  slugId: matching(SLUG_ID, '1..20 of a-z and 0-9'),
  contentMarkdown: apiRule(parseContent),
  userId: uuid,
  boardId: orNull(uuid),
  roadmapId: orNull(uuid),
  approval: oneOf(APPROVALS),
  ...TIMES,
};

const SUBSCRIPTION_FIELDS = { id: uuid, userId: uuid, postId: uuid, subscribed: bool, ...TIMES };

/** A JSON object keeping `rules` whole: a merged post's row, or one of the things its merge moved. */
function wholeObject(rules: RowRules): ValueRule {
  return (value) => {
    const found = fieldProblem(rules, value, 'whole');
    return found && (found.field === null ? 'must be an object' : `${found.field} ${found.problem}`);
  };
}

/** An array whose every item keeps `rule`. */
function arrayOf(rule: ValueRule): ValueRule {
  return (value) => {
    if (!Array.isArray(value)) return 'must be an array';
    for (const [index, item] of value.entries()) {
      const problem = rule(item);
      if (problem) return `item ${index} ${problem}`;
    }
    return null;
  };
}

/** What a merge moved (issue 30 §2): the source's votes, comments and subscriptions, and what it added on the target. */
const MERGE_MOVES: RowRules = {
  fields: {
    votes: arrayOf(wholeObject({ fields: { id: uuid, userId: uuid, createdAt: time, moved: bool } })),
    commentIds: arrayOf(uuid),
    subscriptions: arrayOf(wholeObject({ fields: SUBSCRIPTION_FIELDS })),
    addedSubscriptionIds: arrayOf(uuid),
  },
};

/**
 * The rules of one table's rows, naming every field of its row type and no other: a field added
 * to a row without a rule here does not compile, so restore and import cannot fall behind.
 */
type RulesOf<Row> = Omit<RowRules, 'fields' | 'optional'> & {
  fields: { readonly [Field in keyof Row]-?: ValueRule };
  optional?: readonly (keyof Row & string)[];
};

/** Every table's rows. */
export const ROW_RULES = {
  users: {
    fields: {
      id: uuid,
      email: apiRule((value) => parseEmail(value), lowerCased),
      username: matching(USERNAME, 'a username: 1..30 of a-z, 0-9, ".", "_" and "-"'),
      name: apiRule((value) => parsePersonName(value)),
      passwordHash: matching(BCRYPT_HASH, 'a bcrypt hash ($2a$, $2b$ or $2y$, a cost, 53 characters), or empty for no password'),
      isOwner: bool,
      isVerified: bool,
      isBlocked: bool,
      tokenVersion: integerIn(0, MAX_STORED_COUNTER),
      notes: orNull(text),
      notificationsOff: bool,
      isTrusted: bool,
      // Issue 28 (storage schema 13): the avatar fetched from a sign-in's picture, and where from.
      avatarUploadId: matching(SHA256_HEX, 'an upload id: a sha256 in hex (64 digits 0-9a-f)'),
      avatarSourceUrl: apiRule((value) => parseAvatarUrl(value, 'avatarSourceUrl')),
      // Issue 33 (storage schema 14): the language the user's mails are written in; null for none chosen.
      locale: orNull(oneOf(LOCALES)),
      ...TIMES,
    },
    optional: ['notificationsOff', 'isTrusted', 'avatarUploadId', 'avatarSourceUrl', 'locale'],
    across: (row) => (row.isOwner && row.isBlocked ? { field: 'isBlocked', problem: 'the owner cannot be blocked' } : null),
  },
  roles: {
    fields: {
      id: uuid,
      name: apiRule((value) => parseRoleChanges({ name: value }).name),
      description: apiRule((value) => parseRoleChanges({ description: value }).description),
      isSystem: bool,
      permissions: apiRule((value) => parseRoleChanges({ permissions: value }).permissions),
      ...TIMES,
    },
    across: (row) => {
      if (row.isSystem === (row.id === EVERYONE_ROLE_ID)) return null;
      const problem = row.isSystem ? `only the @everyone role (${EVERYONE_ROLE_ID}) is a system role` : 'the @everyone role is a system role';
      return { field: 'isSystem', problem };
    },
  },
  userRoles: { fields: { id: uuid, userId: uuid, roleId: uuid, createdAt: time } },
  boards: {
    fields: {
      id: uuid,
      name: apiRule((value) => parseBoardChanges({ name: value }).name),
      // Issue 27 (storage schema 5): older copies get null from the upgrade before these rules run.
      description: apiRule((value) => parseBoardChanges({ description: value }).description),
      url: allOf(
        apiRule((value) => parseBoardChanges({ url: value }).url),
        notIn(RESERVED_BOARD_URLS, 'a route of the API has that path under /api/v1/boards/'),
      ),
      color: apiRule((value) => parseBoardChanges({ color: value }).color),
      display: bool,
      viewVoters: bool,
      ...TIMES,
    },
  },
  roadmaps: {
    fields: {
      id: uuid,
      name: apiRule((value) => parseRoadmapChanges({ name: value }).name),
      url: allOf(
        apiRule((value) => parseRoadmapChanges({ url: value }).url),
        notIn(RESERVED_ROADMAP_URLS, 'a route of the API has that path under /api/v1/roadmaps/'),
      ),
      color: apiRule((value) => parseRoadmapChanges({ color: value }).color),
      index: integerIn(1, MAX_STORED_COUNTER),
      display: bool,
      ...TIMES,
    },
  },
  // Issue 31 §2 (storage schema 11): absent = approved.
  posts: { fields: POST_FIELDS, optional: ['approval'] },
  votes: { fields: { id: uuid, userId: uuid, postId: uuid, createdAt: time } },
  comments: {
    fields: {
      id: uuid,
      postId: uuid,
      parentId: orNull(uuid),
      userId: uuid,
      body: apiRule((value) => parseCommentChanges({ body: value }).body),
      isInternal: bool,
      isEdited: bool,
      isSpam: bool,
      approval: oneOf(APPROVALS),
      ...TIMES,
    },
    optional: ['approval'],
  },
  activities: { fields: { id: uuid, postId: uuid, commentId: uuid, type: oneOf(ACTIVITY_TYPES), createdAt: time } },
  mailTokens: {
    fields: {
      id: uuid,
      userId: orNull(uuid),
      purpose: oneOf(MAIL_TOKEN_PURPOSES),
      tokenHash: matching(SHA256_HEX, 'a SHA-256 hash in lower-case hex'),
      createdAt: time,
      expiresAt: time,
      email: apiRule((value) => parseEmail(value), lowerCased),
      usedAt: time,
    },
    optional: ['email', 'usedAt'],
    across: signInLinkProblem,
  },
  mailLog: {
    fields: {
      id: uuid,
      createdAt: time,
      to: text,
      subject: text,
      kind: oneOf(MAIL_KINDS),
      transport: oneOf(MAIL_TRANSPORTS),
      status: oneOf(MAIL_STATUSES),
      error: orNull(text),
    },
  },
  // Issue 17 (storage schema 3). The queues (outbox, deliveries, notifications) are never in a copy.
  webhookEndpoints: {
    fields: {
      id: uuid,
      url: text,
      format: oneOf(WEBHOOK_FORMATS),
      events: eventNames,
      secret: text,
      allowPrivate: bool,
      description: orNull(text),
      enabled: bool,
      failingSince: orNull(time),
      disabledReason: orNull(text),
      ...TIMES,
    },
  },
  subscriptions: { fields: SUBSCRIPTION_FIELDS },
  // Issue 28 (storage schema 6).
  ssoSecrets: {
    fields: { id: uuid, secret: matching(SSO_SECRET, 'a single sign-on secret (ssosec_ and 43 base64url characters)'), createdAt: time, lastUsedAt: orNull(time) },
  },
  linkedIdentities: {
    fields: {
      id: uuid,
      userId: uuid,
      provider: matching(PROVIDER_ID, 'a provider id: 1..40 of a-z, 0-9 and "-", starting with a letter or digit'),
      subject,
      avatarUrl: orNull(apiRule((value) => parseAvatarUrl(value, 'avatarUrl'))),
      createdAt: time,
      lastUsedAt: time,
    },
  },
  // Issue 28 §2 (storage schema 7).
  authProviders: {
    fields: {
      id: apiRule(parseProviderId),
      kind: oneOf(AUTH_PROVIDER_KINDS),
      name: apiRule(parseProviderName),
      issuer: apiRule(parseIssuer),
      clientId: nonEmpty,
      clientSecret: nonEmpty,
      allowedDomains: apiRule(parseAllowedDomains),
      allowTeam: bool,
      enabled: bool,
      createdAt: time,
    },
  },
  // Issue 30 §1 (storage schema 8).
  changelogEntries: {
    fields: {
      id: uuid,
      slug: matching(POST_SLUG, 'a changelog slug: words of a-z and 0-9 joined by "-", at most 101 characters'),
      title: apiRule(parseChangelogTitle),
      contentMarkdown: apiRule(parseChangelogContent),
      labels: apiRule(parseLabels),
      status: oneOf(CHANGELOG_STATUSES),
      publishAt: orNull(time),
      publishedAt: orNull(time),
      moveToRoadmapId: orNull(uuid),
      authorId: uuid,
      ...TIMES,
    },
    across: (row) => {
      if (row.status === 'scheduled' && row.publishAt === null) return { field: 'publishAt', problem: 'is missing: a scheduled entry has a time to be published at' };
      if ((row.status === 'published') !== (row.publishedAt !== null)) return { field: 'publishedAt', problem: 'is set exactly when the entry is published' };
      return null;
    },
  },
  changelogLinks: { fields: { id: uuid, entryId: uuid, postId: uuid, position: integerIn(0, MAX_STORED_COUNTER), createdAt: time } },
  // Issue 30 §2 (storage schema 9).
  postMerges: {
    fields: {
      id: uuid,
      intoPostId: uuid,
      post: wholeObject({ fields: POST_FIELDS, optional: ['approval'] }),
      moves: wholeObject(MERGE_MOVES),
      mergedBy: orNull(uuid),
      createdAt: time,
    },
    across: (row) => (isObject(row.post) && row.post.id !== row.id ? { field: 'post', problem: 'must be the post the row is named after (its id)' } : null),
  },
  // Issue 31 §1 (storage schema 10).
  tags: { fields: { id: uuid, name: apiRule(parseTagName), color: apiRule(parseTagColor), public: bool, ...TIMES } },
  postTags: { fields: { id: uuid, postId: uuid, tagId: uuid, createdAt: time } },
  // Issue 31 §3 (storage schema 12).
  uploads: {
    fields: {
      id: matching(/^[0-9a-f]{64}$/, 'a sha256 in hex (64 digits 0-9a-f)'),
      type: oneOf(UPLOAD_TYPES),
      width: integerIn(1, 1_000_000),
      height: integerIn(1, 1_000_000),
      size: integerIn(1, 1_000_000_000),
      userId: uuid,
      createdAt: time,
      data: matching(/^[A-Za-z0-9+/]*={0,2}$/, 'the image in base64'),
    },
    optional: ['data'],
    across: (row) => {
      if (typeof row.data !== 'string') return null;
      const bytes = Buffer.from(row.data, 'base64');
      if (createHash('sha256').update(bytes).digest('hex') !== row.id) return { field: 'data', problem: 'does not hash to the row’s id (sha256): the image is damaged' };
      if (bytes.length !== row.size) return { field: 'size', problem: 'is not the length of data' };
      return null;
    },
  },
} as const satisfies { readonly [Table in keyof CopiedTableRows]: RulesOf<CopiedTableRows[Table]> };

/** The name of a stored table. */
export type StoredTableName = keyof typeof ROW_RULES;

/** Stored rows by table, once every row keeps its field rules. */
export type CheckedTables = { readonly [T in StoredTableName]: ReadonlyArray<Record<string, unknown> & { id: string }> };

/**
 * The first field of `row` that breaks `rules`, in the rules' order: a missing field, text no
 * engine can store, the field's own rule; then (whole rows) a field the rows do not have; then a
 * rule across fields.
 */
export function fieldProblem(rules: RowRules, row: unknown, check: RowCheck): FieldProblem | null {
  if (!isObject(row)) return { field: null, problem: 'is not a JSON object' };
  for (const [field, rule] of Object.entries(rules.fields)) {
    if (!Object.hasOwn(row, field)) {
      if (check === 'whole' && !rules.optional?.includes(field)) return { field, problem: 'is missing' };
      continue;
    }
    const problem = unstorableText(row[field]) ?? rule(row[field]);
    if (problem) return { field, problem };
  }
  if (check === 'whole') {
    const unknown = Object.keys(row).find((field) => !Object.hasOwn(rules.fields, field));
    if (unknown !== undefined) return { field: unknown, problem: 'is not a field of these rows' };
  }
  return rules.across?.(row) ?? null;
}

/** `table <name>, row <id>, field <field>: <problem>`; a row without a usable id is named by its place (from 1). */
export function rowProblemText(table: string, row: unknown, index: number, found: FieldProblem): string {
  const id = (row as { id?: unknown } | null)?.id;
  const name = uuid(id) === null ? `row ${id as string}` : `row ${index + 1} (counted from 1)`;
  const field = found.field === null ? '' : `, ${found.field.includes(',') ? 'fields' : 'field'} ${found.field}`;
  return `table ${table}, ${name}${field}: ${found.problem}`;
}
