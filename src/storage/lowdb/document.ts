import { DEFAULT_SETTINGS, everyoneRole } from '../seed.js';
import type {
  ActivityRow,
  BoardRow,
  CommentRow,
  MailLogRow,
  MailTokenRow,
  PostRow,
  RoadmapRow,
  RoleRow,
  SettingsRow,
  UserRoleRow,
  UserRow,
  VoteRow,
} from '../types.js';

/** The row type of every table of the document. */
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
}

/** The name of a table of the document. */
export type TableName = keyof TableRows;

/** Every table, in the order they are written to the snapshot. */
export const TABLE_NAMES: readonly TableName[] = [
  'users',
  'roles',
  'userRoles',
  'boards',
  'roadmaps',
  'posts',
  'votes',
  'comments',
  'activities',
  'mailTokens',
  'mailLog',
];

/** The schema version this code reads and writes; older documents are upgraded on open. */
export const SCHEMA_VERSION = 2;

/** The whole database as stored in `db.json`: `seq` is the last journal entry it contains. */
export interface DatabaseDocument {
  schemaVersion: number;
  seq: number;
  settings: SettingsRow;
  tables: { [K in TableName]: TableRows[K][] };
}

/** A document of any schema version, as read from disk before upgrading. */
export interface RawDocument {
  schemaVersion: number;
  seq: number;
  settings: Record<string, unknown>;
  tables: Record<string, Array<{ id: string }>>;
}

/** The document of a new data store: the `@everyone` role and the default settings. */
export function newDocument(now: string): DatabaseDocument {
  return {
    schemaVersion: SCHEMA_VERSION,
    seq: 0,
    settings: DEFAULT_SETTINGS,
    tables: {
      users: [],
      roles: [everyoneRole(now)],
      userRoles: [],
      boards: [],
      roadmaps: [],
      posts: [],
      votes: [],
      comments: [],
      activities: [],
      mailTokens: [],
      mailLog: [],
    },
  };
}
