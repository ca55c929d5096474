import type pg from 'pg';
import { SourceError } from './source-model.js';

/*
 * Which of Astuto's tables and columns the reader uses, and the check that the database holds
 * them. The names come from Astuto's db/schema.rb (schema version 2024_11_30_112415, repository
 * astuto/astuto at commit 9176b96167501762d9697c2e634da04bb58eb310, its last release line 1.1.x)
 * and its db/migrate history, which dates the columns added late.
 */

/** Tables and columns without which the database is not Astuto's (present since tenants came in July 2022). */
const REQUIRED: Readonly<Record<string, readonly string[]>> = {
  tenants: ['id', 'subdomain'],
  users: ['id', 'email', 'full_name', 'status', 'role', 'tenant_id', 'created_at'],
  boards: ['id', 'name', 'description', 'order', 'tenant_id', 'created_at'],
  post_statuses: ['id', 'name', 'color', 'order', 'show_in_roadmap', 'tenant_id'],
  posts: ['id', 'title', 'description', 'board_id', 'user_id', 'post_status_id', 'tenant_id', 'created_at'],
  likes: ['id', 'user_id', 'post_id', 'tenant_id', 'created_at'],
  comments: ['id', 'body', 'user_id', 'post_id', 'parent_id', 'is_post_update', 'tenant_id', 'created_at'],
};

/**
 * Tables feedbackd does not take, counted for the report when this Astuto version has them (each
 * with a tenant_id column). `o_auths` rows without a tenant are the site-wide defaults of a
 * hosted Astuto, not the tenant's own, and are not counted.
 */
export const COUNTED_TABLES = ['follows', 'post_status_changes', 'webhooks', 'o_auths', 'api_keys', 'invitations'] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

/** What this database's Astuto version has beyond the required tables. */
export interface AstutoSchemaFacts {
  /** posts.approval_status (July 2024): without it every post is published. */
  hasApprovalStatus: boolean;
  /** tenant_settings.is_private (August 2024): without it every site is public. */
  hasPrivateSites: boolean;
  /** The counted tables present with their tenant_id column. */
  countedTables: CountedTable[];
}

/**
 * Checks that the database (through its search_path, so a URL naming a schema works) holds
 * Astuto's tables and columns; refuses it naming the first table or column missing.
 */
export async function checkAstutoSchema(client: pg.ClientBase, where: string): Promise<AstutoSchemaFacts> {
  const wanted = [...Object.keys(REQUIRED), 'tenant_settings', ...COUNTED_TABLES];
  // to_regclass resolves each name through the search_path as the reading queries will.
  const result = await client.query<{ table_name: string; column_name: string | null }>(
    `SELECT t.name AS table_name, a.attname AS column_name
       FROM unnest($1::text[]) AS t(name)
       LEFT JOIN pg_attribute a ON a.attrelid = to_regclass(t.name) AND a.attnum > 0 AND NOT a.attisdropped`,
    [wanted],
  );
  const columns = new Map<string, Set<string>>();
  for (const row of result.rows) {
    if (row.column_name === null) continue;
    const set = columns.get(row.table_name) ?? new Set<string>();
    set.add(row.column_name);
    columns.set(row.table_name, set);
  }
  for (const [table, needed] of Object.entries(REQUIRED)) {
    const present = columns.get(table);
    if (present === undefined) throw new SourceError(where, `table ${table} is missing: this is not Astuto's database (or not the schema holding it)`);
    const missing = needed.find((column) => !present.has(column));
    if (missing !== undefined) throw new SourceError(`${where}: table ${table}`, `column ${missing} is missing: this is not the database of an Astuto this importer knows (1.x, from July 2022 on)`);
  }
  return {
    hasApprovalStatus: columns.get('posts')?.has('approval_status') === true,
    hasPrivateSites: columns.get('tenant_settings')?.has('is_private') === true && columns.get('tenant_settings')?.has('tenant_id') === true,
    countedTables: COUNTED_TABLES.filter((table) => columns.get(table)?.has('tenant_id') === true),
  };
}
