import type pg from 'pg';
import { SourceError } from './source-model.js';

/**
 * The LogChimp tables and columns the reader uses, as LogChimp's knex migrations create them
 * (packages/server/src/database/migrations, see logchimp.ts for the version). Checked before
 * anything is read, so that the URL of another tool's database (or of feedbackd's own, which also
 * has users, boards and posts) is refused with the table or column it lacks.
 */
export const LOGCHIMP_TABLES: Readonly<Record<string, readonly string[]>> = {
  users: ['userId', 'name', 'email', 'username', 'avatar', 'isVerified', 'isOwner', 'isBlocked', 'createdAt', 'notes'],
  boards: ['boardId', 'name', 'color', 'display', 'view_voters', 'createdAt'],
  roadmaps: ['id', 'name', 'index', 'color', 'display', 'created_at'],
  posts: ['postId', 'title', 'contentMarkdown', 'userId', 'boardId', 'roadmap_id', 'createdAt'],
  votes: ['voteId', 'userId', 'postId', 'createdAt'],
  posts_activity: ['id', 'type', 'posts_comments_id', 'post_id', 'author_id', 'created_at'],
  posts_comments: ['id', 'parent_id', 'activity_id', 'body', 'is_edited', 'is_spam', 'is_internal', 'created_at'],
};

/** Tables LogChimp has whose rows feedbackd does not take: only counted for the report (absent ones count 0). */
export const LOGCHIMP_COUNTED_TABLES = ['roles_users', 'settings', 'emailVerification', 'resetPassword'] as const;

/** The columns of `table` as the connection's search_path finds it; null when there is no such table. */
async function columnsOf(client: pg.ClientBase, table: string): Promise<Set<string> | null> {
  const found = await client.query<{ relation: string | null }>('SELECT to_regclass(quote_ident($1))::text AS relation', [table]);
  if (found.rows[0]?.relation == null) return null;
  const columns = await client.query<{ attname: string }>(
    'SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(quote_ident($1)) AND attnum > 0 AND NOT attisdropped',
    [table],
  );
  return new Set(columns.rows.map((row) => row.attname));
}

/** Throws when the database lacks one of LogChimp's tables or columns the reader needs. */
export async function checkLogchimpSchema(client: pg.ClientBase, where: string): Promise<void> {
  const expected = Object.keys(LOGCHIMP_TABLES).join(', ');
  for (const [table, needed] of Object.entries(LOGCHIMP_TABLES)) {
    const columns = await columnsOf(client, table);
    if (!columns) {
      throw new SourceError(where, `table "${table}" is missing: not a LogChimp database (LogChimp has the tables ${expected})`);
    }
    const missing = needed.find((column) => !columns.has(column));
    if (missing !== undefined) {
      throw new SourceError(`${where}: table ${table}`, `column "${missing}" is missing: not a LogChimp database, or one older than its 2021 migrations`);
    }
  }
}

/** How many rows a table holds; 0 when the table does not exist (an older LogChimp, a trimmed copy). */
export async function countRows(client: pg.ClientBase, table: string): Promise<number> {
  if ((await columnsOf(client, table)) === null) return 0;
  const result = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`);
  return Number(result.rows[0]?.n ?? 0);
}
