import { DEFAULT_SETTINGS, everyoneRole, teamRole } from '../seed.js';
import type { QueueTableName, SettingsRow, TableRows } from '../types.js';

export type { TableRows };

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
  'outbox',
  'webhookEndpoints',
  'webhookDeliveries',
  'subscriptions',
  'notifications',
  'ssoSecrets',
  'linkedIdentities',
  'authProviders',
  'changelogEntries',
  'changelogLinks',
  'postMerges',
  'tags',
  'postTags',
  'uploads',
];

/**
 * The work queues: rows that only mean "still to be sent". A backup or export snapshot leaves them
 * out, so a restored database starts with nothing to deliver rather than re-sending what was sent.
 */
export const QUEUE_TABLE_NAMES = ['outbox', 'webhookDeliveries', 'notifications'] as const satisfies readonly QueueTableName[];

/** The schema version this code reads and writes; older documents are upgraded on open. */
export const SCHEMA_VERSION = 15;

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

/** One millisecond later: the Team role is made right after `@everyone`, which lists of roles oldest first show first. */
function justAfter(time: string): string {
  return new Date(Date.parse(time) + 1).toISOString();
}

/** The document of a new data store: the `@everyone` and Team roles and the default settings. */
export function newDocument(now: string): DatabaseDocument {
  return {
    schemaVersion: SCHEMA_VERSION,
    seq: 0,
    settings: DEFAULT_SETTINGS,
    tables: {
      users: [],
      roles: [everyoneRole(now), teamRole(justAfter(now))],
      userRoles: [],
      boards: [],
      roadmaps: [],
      posts: [],
      votes: [],
      comments: [],
      activities: [],
      mailTokens: [],
      mailLog: [],
      outbox: [],
      webhookEndpoints: [],
      webhookDeliveries: [],
      subscriptions: [],
      notifications: [],
      ssoSecrets: [],
      linkedIdentities: [],
      authProviders: [],
      changelogEntries: [],
      changelogLinks: [],
      postMerges: [],
      tags: [],
      postTags: [],
      uploads: [],
    },
  };
}
