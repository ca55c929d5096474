import type { PoolClient } from 'pg';
import { SCHEMA_VERSION } from '../lowdb/document.js';
import type { DatabaseSnapshot } from '../types.js';
import { activitySpec } from './content/activities.js';
import { boardSpec } from './content/boards.js';
import { commentSpec } from './content/comments.js';
import { postSpec } from './content/posts.js';
import { roadmapSpec } from './content/roadmaps.js';
import { voteSpec } from './content/votes.js';
import { MAIL_LOG, MAIL_TOKENS } from './core/mail.js';
import { settingsOf } from './core/settings.js';
import { type CoreTable, rowOf, selectList } from './core/table.js';
import { ROLES, USER_ROLES, USERS } from './core/users.js';

/** How to read every row of one table of the snapshot. */
interface TableReader {
  /** The contract's table name (`userRoles`). */
  name: string;
  read(client: PoolClient): Promise<Array<{ id: string }>>;
}

function core<Row extends { id: string }>(spec: CoreTable<Row>): TableReader {
  return {
    name: spec.name,
    read: async (client) => {
      const { rows } = await client.query(`SELECT ${selectList(spec)} FROM "${spec.table}" ORDER BY created_at, id`);
      return rows.map((record: Record<string, unknown>) => rowOf(spec, record));
    },
  };
}

function content<Row extends { id: string }>(
  name: string,
  spec: { table: string; fromDb(record: Record<string, unknown>): Row },
): TableReader {
  return {
    name,
    read: async (client) => {
      const { rows } = await client.query(`SELECT * FROM "${spec.table}" ORDER BY created_at, id`);
      return rows.map((record: Record<string, unknown>) => spec.fromDb(record));
    },
  };
}

/** Every table, in the order the JSON-file engine lists them. */
const READERS: readonly TableReader[] = [
  core(USERS),
  core(ROLES),
  core(USER_ROLES),
  content('boards', boardSpec),
  content('roadmaps', roadmapSpec),
  content('posts', postSpec),
  content('votes', voteSpec),
  content('comments', commentSpec),
  content('activities', activitySpec),
  core(MAIL_TOKENS),
  core(MAIL_LOG),
];

/**
 * Every table and the settings at one instant: read in one REPEATABLE READ, READ ONLY transaction,
 * so the copy holds exactly the transactions committed (and so durable) before it started.
 */
export async function readSnapshot(client: PoolClient): Promise<DatabaseSnapshot> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const settings = await client.query('SELECT value FROM settings WHERE id');
    const tables: Record<string, Array<{ id: string }>> = {};
    for (const reader of READERS) tables[reader.name] = await reader.read(client);
    await client.query('COMMIT');
    return {
      schemaVersion: SCHEMA_VERSION,
      settings: settingsOf(settings.rows[0]?.value ?? {}),
      tables: tables as unknown as DatabaseSnapshot['tables'],
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
