import { type ColumnMap, columnValues } from './columns.js';
import { activitySpec } from './content/activities.js';
import { boardSpec } from './content/boards.js';
import { commentSpec } from './content/comments.js';
import { postSpec } from './content/posts.js';
import { roadmapSpec } from './content/roadmaps.js';
import { voteSpec } from './content/votes.js';
import { MAIL_LOG, MAIL_TOKENS } from './core/mail.js';
import { rowOf } from './core/table.js';
import { ROLES, USER_ROLES, USERS } from './core/users.js';

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
}

function stored<Row extends { id: string }>(
  name: string,
  spec: ColumnMap<Row> & { table: string },
  read: (record: Record<string, unknown>) => Row,
): StoredTable {
  return {
    name,
    table: spec.table,
    columns: Object.values<string>(spec.columns),
    values: (row) => columnValues(spec, row as Row),
    read,
  };
}

/** Every table, each after the tables it refers to; the JSON-file engine lists them in the same order. */
export const STORED_TABLES: readonly StoredTable[] = [
  stored(USERS.name, USERS, (record) => rowOf(USERS, record)),
  stored(ROLES.name, ROLES, (record) => rowOf(ROLES, record)),
  stored(USER_ROLES.name, USER_ROLES, (record) => rowOf(USER_ROLES, record)),
  stored('boards', boardSpec, boardSpec.fromDb),
  stored('roadmaps', roadmapSpec, roadmapSpec.fromDb),
  stored('posts', postSpec, postSpec.fromDb),
  stored('votes', voteSpec, voteSpec.fromDb),
  stored('comments', commentSpec, commentSpec.fromDb),
  stored('activities', activitySpec, activitySpec.fromDb),
  stored(MAIL_TOKENS.name, MAIL_TOKENS, (record) => rowOf(MAIL_TOKENS, record)),
  stored(MAIL_LOG.name, MAIL_LOG, (record) => rowOf(MAIL_LOG, record)),
];
