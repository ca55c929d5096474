import { type CheckedTables, fieldProblem, ROW_RULES, rowProblemText, SETTINGS_RULES, type StoredTableName } from './row-rules.js';
import { referenceProblem } from './snapshot-references.js';
import { shown } from './stored-values.js';

/*
 * A whole database copy (a backup's rows) checked before anything is written: every row of every
 * table by the field rules, then the uniqueness rules of API.md §1.13, then every reference and
 * the rows a board cannot do without. The first problem is named by table, row and field.
 */

/** A database copy as read from a file: nothing about it is trusted yet. */
export interface UncheckedSnapshot {
  settings: unknown;
  tables: Readonly<Record<string, unknown>>;
}

const TABLES = Object.keys(ROW_RULES) as StoredTableName[];

/** A unique key of a table (API.md §1.13): the fields it is made of, and the key of a row. */
interface UniqueRule {
  table: StoredTableName;
  fields: string;
  key: (row: Record<string, unknown>) => string;
}

const UNIQUE_RULES: readonly UniqueRule[] = [
  ...TABLES.map((table): UniqueRule => ({ table, fields: 'id', key: (row) => row.id as string })),
  { table: 'users', fields: 'email', key: (row) => (row.email as string).toLowerCase() },
  { table: 'users', fields: 'username', key: (row) => row.username as string },
  { table: 'roles', fields: 'name', key: (row) => (row.name as string).toLowerCase() },
  { table: 'userRoles', fields: 'userId, roleId', key: (row) => `${row.userId}/${row.roleId}` },
  { table: 'boards', fields: 'url', key: (row) => row.url as string },
  { table: 'roadmaps', fields: 'url', key: (row) => row.url as string },
  { table: 'roadmaps', fields: 'index', key: (row) => String(row.index) },
  { table: 'posts', fields: 'slug', key: (row) => row.slug as string },
  { table: 'votes', fields: 'userId, postId', key: (row) => `${row.userId}/${row.postId}` },
  { table: 'activities', fields: 'commentId', key: (row) => row.commentId as string },
  { table: 'mailTokens', fields: 'tokenHash', key: (row) => row.tokenHash as string },
];

/** The first problem of the copy, worded `table posts, row <id>, field userId: names no user`; null when there is none. */
export function snapshotProblem(snapshot: UncheckedSnapshot): string | null {
  const tables = tablesProblem(snapshot.tables);
  if (typeof tables === 'string') return tables;
  const settings = fieldProblem(SETTINGS_RULES, snapshot.settings, 'whole');
  if (settings) return `settings${settings.field === null ? '' : `, field ${settings.field}`}: ${settings.problem}`;
  return uniqueProblem(tables) ?? referenceProblem(tables);
}

/** Every table there, a list, each row keeping its rules; the tables once they do. */
function tablesProblem(tables: Readonly<Record<string, unknown>>): string | CheckedTables {
  const unknown = Object.keys(tables).find((name) => !Object.hasOwn(ROW_RULES, name));
  if (unknown !== undefined) return `table ${unknown} is not a table of this feedbackd`;
  for (const table of TABLES) {
    const rows = tables[table];
    if (!Array.isArray(rows)) return `table ${table} ${rows === undefined ? 'is missing' : 'is not a list'}`;
    for (const [index, row] of rows.entries()) {
      const found = fieldProblem(ROW_RULES[table], row, 'whole');
      if (found) return rowProblemText(table, row, index, found);
    }
  }
  return tables as CheckedTables;
}

/** The first row whose key another row holds already (by id: a second row with the same id). */
function uniqueProblem(tables: CheckedTables): string | null {
  for (const rule of UNIQUE_RULES) {
    const holders = new Map<string, string>();
    for (const [index, row] of tables[rule.table].entries()) {
      const key = rule.key(row);
      const holder = holders.get(key);
      if (holder === undefined) {
        holders.set(key, row.id);
        continue;
      }
      const problem = `${shown(key)} is already taken by row ${holder} (${rule.table}.${rule.fields} is unique)`;
      return rowProblemText(rule.table, row, index, { field: rule.fields, problem });
    }
  }
  return null;
}
