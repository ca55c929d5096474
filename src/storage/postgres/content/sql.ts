import { type OrderedPage, type OrderedPageRequest, RowNotFound, type TableRepo } from '../../types.js';
import { type ColumnMap, columnValues } from '../columns.js';
import { mappingUnique } from '../errors.js';
import type { Queryable } from '../queryable.js';

/*
 * What the content repositories share: numbered parameters, the CRUD every table has, paging of
 * an ordered (and possibly filtered) list by offset or after a cursor row, and per-key counts.
 * Every identifier here comes from this module's callers (fixed strings), every value is a parameter.
 */

/** Collects parameter values and hands out their `$n` placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A timestamp as the contract has it (ISO 8601, milliseconds, `Z`), whether the driver returns text or a Date. */
export function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** A count the driver may return as a string (bigint). */
export function int(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

/** Runs a write, turning a broken uniqueness rule into UniqueViolation. */
export const writing = mappingUnique;

/** How one table's rows are stored: camelCase field → snake_case column, plus derived columns (a lower-cased name). */
export interface TableSpec<Row extends { id: string }> extends ColumnMap<Row> {
  table: string;
  fromDb(record: Record<string, unknown>): Row;
}

export function quoted(identifier: string): string {
  return `"${identifier}"`;
}

/** The CRUD of a table keyed by `id`. */
export function tableRepo<Row extends { id: string }>(db: Queryable, spec: TableSpec<Row>): TableRepo<Row> {
  const table = quoted(spec.table);
  return {
    get: async (id) => {
      const { rows } = await db.query(`SELECT * FROM ${table} WHERE id = $1`, [id]);
      return rows[0] ? spec.fromDb(rows[0]) : undefined;
    },
    getMany: async (ids) => {
      const found = new Map<string, Row>();
      if (ids.length === 0) return found;
      const { rows } = await db.query(`SELECT * FROM ${table} WHERE id = ANY($1::text[])`, [[...ids]]);
      for (const record of rows) {
        const row = spec.fromDb(record);
        found.set(row.id, row);
      }
      return found;
    },
    insert: (row) =>
      writing(async () => {
        const { names, values } = assignments(spec, row as Partial<Row>);
        const params = new Params();
        const placeholders = values.map((value) => params.add(value));
        const { rows } = await db.query(
          `INSERT INTO ${table} (${names.map(quoted).join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING *`,
          params.values,
        );
        return spec.fromDb(rows[0]);
      }),
    update: (id, patch) =>
      writing(async () => {
        const { names, values } = assignments(spec, {
          ...patch,
          id: undefined,
        } as Partial<Row>);
        const params = new Params();
        const sets = names.map((name, n) => `${quoted(name)} = ${params.add(values[n])}`);
        const where = params.add(id);
        const text =
          sets.length === 0
            ? `SELECT * FROM ${table} WHERE id = ${where}`
            : `UPDATE ${table} SET ${sets.join(', ')} WHERE id = ${where} RETURNING *`;
        const { rows } = await db.query(text, params.values);
        if (!rows[0]) throw new RowNotFound(spec.table, id);
        return spec.fromDb(rows[0]);
      }),
    delete: async (id) => {
      const { rowCount } = await db.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
      return (rowCount ?? 0) > 0;
    },
    count: async () => {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${table}`);
      return int(rows[0]?.n ?? 0);
    },
  };
}

/** The columns and values of the fields present (not undefined), derived columns included. */
function assignments<Row extends { id: string }>(
  spec: TableSpec<Row>,
  fields: Partial<Row>,
): { names: string[]; values: unknown[] } {
  const pairs = columnValues(spec, fields);
  return { names: pairs.map(([name]) => name), values: pairs.map(([, value]) => value) };
}

/** Rows of `table` matching `filter` (a condition on alias `t`, empty for all), ordered by `key`. */
export interface ListSpec<Row> {
  table: string;
  /** Adds its parameters and returns a condition on `t`; '' for the whole table. */
  filter(params: Params): string;
  /** The order key, unique per row: ['created_at', 'id'] or ['index']. */
  key: readonly string[];
  fromDb(record: Record<string, unknown>): Row;
}

/**
 * One page of the list: by offset, or strictly after the cursor row (undefined when the cursor
 * is not a row of the list). `offset` counts the list's rows before the page in the asked direction.
 */
export async function orderedPage<Row>(
  db: Queryable,
  list: ListSpec<Row>,
  request: OrderedPageRequest,
): Promise<OrderedPage<Row> | undefined> {
  const params = new Params();
  const condition = list.filter(params) || 'TRUE';
  const table = quoted(list.table);
  const dir = request.direction === 'asc' ? 'ASC' : 'DESC';
  const keyOf = (alias: string) => `(${list.key.map((k) => `${alias}.${quoted(k)}`).join(', ')})`;
  const orderBy = list.key.map((k) => `t.${quoted(k)} ${dir}`).join(', ');
  const limit = Math.max(request.limit, 0);
  const { from } = request;
  let offset: number;
  let total: number;
  let after = '';
  if ('offset' in from) {
    const { rows } = await db.query(`SELECT count(*)::int AS total FROM ${table} t WHERE ${condition}`, params.values);
    total = int(rows[0]?.total ?? 0);
    offset = Math.min(Math.max(from.offset, 0), total);
  } else {
    const cursor = params.add(from.after);
    const { rows } = await db.query(
      `WITH list AS (SELECT * FROM ${table} t WHERE ${condition}),
            cur AS (SELECT * FROM list WHERE id = ${cursor})
       SELECT (SELECT count(*)::int FROM list) AS total,
              (SELECT count(*)::int FROM cur) AS found,
              (SELECT count(*)::int FROM list, cur WHERE ${keyOf('list')} <= ${keyOf('cur')}) AS upto`,
      params.values,
    );
    const counts = rows[0];
    if (!counts || int(counts.found) === 0) return undefined;
    total = int(counts.total);
    const upto = int(counts.upto);
    offset = request.direction === 'asc' ? upto : total - upto + 1;
    after = ` AND ${keyOf('t')} ${request.direction === 'asc' ? '>' : '<'} (SELECT ${list.key.map(quoted).join(', ')} FROM ${table} WHERE id = ${cursor})`;
  }
  const skip = 'offset' in from ? ` OFFSET ${params.add(offset)}` : '';
  const { rows } = await db.query(
    `SELECT t.* FROM ${table} t WHERE ${condition}${after} ORDER BY ${orderBy} LIMIT ${params.add(limit)}${skip}`,
    params.values,
  );
  return {
    rows: rows.map(list.fromDb),
    total,
    offset,
    hasMore: offset + rows.length < total,
  };
}

/** The number of rows per value of `column` for each key asked for, zeros included. */
export async function countsBy(
  db: Queryable,
  table: string,
  column: string,
  keys: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(keys.map((key) => [key, 0]));
  if (keys.length === 0) return counts;
  const { rows } = await db.query(
    `SELECT ${quoted(column)} AS key, count(*)::int AS n FROM ${quoted(table)} WHERE ${quoted(column)} = ANY($1::text[]) GROUP BY ${quoted(column)}`,
    [[...new Set(keys)]],
  );
  for (const row of rows) counts.set(String(row.key), int(row.n));
  return counts;
}

/** Rows of `table` where `column` equals `value`, oldest first (createdAt, id). */
export async function listWhere<Row>(
  db: Queryable,
  table: string,
  column: string,
  value: string,
  fromDb: (record: Record<string, unknown>) => Row,
): Promise<Row[]> {
  const { rows } = await db.query(
    `SELECT * FROM ${quoted(table)} WHERE ${quoted(column)} = $1 ORDER BY created_at, id`,
    [value],
  );
  return rows.map(fromDb);
}

/** Deletes the rows of `table` where `column` equals `value`; returns how many. */
export async function deleteWhere(db: Queryable, table: string, column: string, value: string): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM ${quoted(table)} WHERE ${quoted(column)} = $1`, [value]);
  return rowCount ?? 0;
}

/** A LIKE pattern matching strings that start with `prefix` taken literally (escape character `\`). */
export function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * At most `limit` rows whose lower-cased name starts with the lower-cased prefix (literally), by
 * (lower-cased name, createdAt, id). `name_lower` holds the name as JavaScript lower-cases it, so
 * the rule is the same whatever the database's locale; comparisons are in code-point order ("C").
 */
export async function searchByName<Row>(
  db: Queryable,
  table: string,
  prefix: string,
  limit: number,
  fromDb: (record: Record<string, unknown>) => Row,
): Promise<Row[]> {
  if (limit <= 0) return [];
  const { rows } = await db.query(
    `SELECT * FROM ${quoted(table)} WHERE name_lower LIKE $1 ESCAPE '\\' ORDER BY name_lower, created_at, id LIMIT $2`,
    [prefixPattern(prefix.toLowerCase()), limit],
  );
  return rows.map(fromDb);
}

/** Approved rows of `posts` or `comments` (issue 31 §2; NULL = approved, migration 14), unqualified. */
export const APPROVED_ROW = "(approval IS NULL OR approval = 'approved')";

/** The approval queue (issue 31 §2): rows with the asked approval, oldest first, through the partial index of migration 14. */
export async function heldRows<Row>(
  db: Queryable,
  table: 'posts' | 'comments',
  request: { approval: 'waiting' | 'spam'; offset: number; limit: number },
  fromDb: (record: Record<string, unknown>) => Row,
): Promise<{ rows: Row[]; total: number }> {
  const held = "approval IN ('waiting', 'spam') AND approval = $1";
  const counted = await db.query(`SELECT count(*)::int AS n FROM ${quoted(table)} WHERE ${held}`, [request.approval]);
  const { rows } = await db.query(`SELECT * FROM ${quoted(table)} WHERE ${held} ORDER BY created_at, id LIMIT $2 OFFSET $3`, [
    request.approval,
    Math.max(request.limit, 0),
    Math.max(request.offset, 0),
  ]);
  return { rows: rows.map(fromDb), total: int(counted.rows[0]?.n ?? 0) };
}

/** Whether the user wrote an approved row of `posts` or `comments` (issue 31 §2), through the table's index by user. */
export async function hasApprovedBy(db: Queryable, table: 'posts' | 'comments', userId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT EXISTS (SELECT 1 FROM ${quoted(table)} WHERE user_id = $1 AND ${APPROVED_ROW}) AS found`, [userId]);
  return Boolean(rows[0]?.found);
}
