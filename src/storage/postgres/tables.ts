import { type ColumnMap, columnValues } from './columns.js';
import { activitySpec } from './content/activities.js';
import { boardSpec } from './content/boards.js';
import { commentSpec } from './content/comments.js';
import { postSpec } from './content/posts.js';
import { roadmapSpec } from './content/roadmaps.js';
import { voteSpec } from './content/votes.js';
import { MAIL_LOG, MAIL_TOKENS } from './core/mail.js';
import { rowOf } from './core/table.js';
import { POST_MERGES } from './merges/repos.js';
import { POST_TAGS, TAGS } from './tags/repos.js';
import { UPLOADS } from './uploads/repos.js';
import { ROLES, USER_ROLES, USERS } from './core/users.js';
import { SUBSCRIPTIONS, WEBHOOK_ENDPOINTS } from './notices/tables.js';
import { CHANGELOG_ENTRIES, CHANGELOG_LINKS } from './changelog/tables.js';
import { AUTH_PROVIDERS, LINKED_IDENTITIES, SSO_SECRETS } from './sign-in/tables.js';

/** One table as a whole-database copy sees it (the snapshot reader, the bulk loader). */
export interface StoredTable {
  /** The contract's name of the table (`userRoles`), as in a snapshot. */
  name: string;
  /** The SQL table. */
  table: string;
  /** The columns holding the row's fields (derived columns, such as a post's words, are left out). */
  columns: readonly string[];
  /** The columns and values a row is stored as, derived columns (`email_lower`…) included. */
  values(row: { id: string }): Array<[string, unknown]>;
  /** A stored record as the contract's row. */
  read(record: Record<string, unknown>): { id: string };
  /** Added after the first schema (issue 17): a copy written before it may lack the table, and then holds none of its rows. */
  optional?: boolean;
  /** Columns of optional fields added after the table (`notifications_off`): a schema older than them reads the rows without. */
  laterColumns?: readonly string[];
}

/** How a table is stored; `later` names fields added after the table that every row has since (an older copy reads its rows without, and restore's upgrade fills them). */
type StoredSpec<Row extends { id: string }> = ColumnMap<Row> & {
  table: string;
  optional?: ReadonlyArray<keyof Row & string>;
  later?: ReadonlyArray<keyof Row & string>;
};

function stored<Row extends { id: string }>(
  name: string,
  spec: StoredSpec<Row>,
  read: (record: Record<string, unknown>) => Row,
  optional = false,
): StoredTable {
  const laterFields = [...(spec.optional ?? []), ...(spec.later ?? [])];
  return {
    name,
    table: spec.table,
    columns: Object.values<string>(spec.columns),
    values: (row) => columnValues(spec, withOptional(spec.optional, row as Row)),
    read,
    ...(optional ? { optional } : {}),
    ...(laterFields.length === 0 ? {} : { laterColumns: laterFields.map((field) => spec.columns[field]) }),
  };
}

/** The row with null (stored: absent) for the optional fields it lacks, so every row of a table has the same columns. */
function withOptional<Row extends { id: string }>(optional: ReadonlyArray<keyof Row & string> | undefined, row: Row): Row {
  if (optional === undefined) return row;
  const filled: Record<string, unknown> = { ...row };
  for (const field of optional) filled[field] ??= null;
  return filled as Row;
}

/** Every table, each after the tables it refers to; the JSON-file engine lists them in the same order. */
export const STORED_TABLES: readonly StoredTable[] = [
  stored(USERS.name, USERS, (record) => rowOf(USERS, record)),
  stored(ROLES.name, ROLES, (record) => rowOf(ROLES, record)),
  stored(USER_ROLES.name, USER_ROLES, (record) => rowOf(USER_ROLES, record)),
  stored('boards', { ...boardSpec, later: ['description'] }, boardSpec.fromDb),
  stored('roadmaps', roadmapSpec, roadmapSpec.fromDb),
  stored('posts', { ...postSpec, optional: ['approval'] }, postSpec.fromDb),
  stored('votes', voteSpec, voteSpec.fromDb),
  stored('comments', { ...commentSpec, optional: ['approval'] }, commentSpec.fromDb),
  stored('activities', activitySpec, activitySpec.fromDb),
  stored(MAIL_TOKENS.name, MAIL_TOKENS, (record) => rowOf(MAIL_TOKENS, record)),
  stored(MAIL_LOG.name, MAIL_LOG, (record) => rowOf(MAIL_LOG, record)),
  stored(WEBHOOK_ENDPOINTS.name, WEBHOOK_ENDPOINTS, (record) => rowOf(WEBHOOK_ENDPOINTS, record), true),
  stored(SUBSCRIPTIONS.name, SUBSCRIPTIONS, (record) => rowOf(SUBSCRIPTIONS, record), true),
  stored(SSO_SECRETS.name, SSO_SECRETS, (record) => rowOf(SSO_SECRETS, record), true),
  stored(LINKED_IDENTITIES.name, LINKED_IDENTITIES, (record) => rowOf(LINKED_IDENTITIES, record), true),
  stored(AUTH_PROVIDERS.name, AUTH_PROVIDERS, (record) => rowOf(AUTH_PROVIDERS, record), true),
  stored(CHANGELOG_ENTRIES.name, CHANGELOG_ENTRIES, (record) => rowOf(CHANGELOG_ENTRIES, record), true),
  stored(CHANGELOG_LINKS.name, CHANGELOG_LINKS, (record) => rowOf(CHANGELOG_LINKS, record), true),
  stored(POST_MERGES.name, POST_MERGES, (record) => rowOf(POST_MERGES, record), true),
  stored(TAGS.name, TAGS, (record) => rowOf(TAGS, record), true),
  stored(POST_TAGS.name, POST_TAGS, (record) => rowOf(POST_TAGS, record), true),
  stored(UPLOADS.name, UPLOADS, (record) => rowOf(UPLOADS, record), true),
];

/**
 * The work queues (contract name → SQL table): left out of copies, so a restored database starts
 * with nothing to deliver; emptied with the other tables when a copy is loaded over a database.
 */
export const QUEUE_TABLES: Readonly<Record<string, string>> = {
  outbox: 'outbox_events',
  webhookDeliveries: 'webhook_deliveries',
  notifications: 'notifications',
};
