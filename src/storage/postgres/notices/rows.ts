import type { Queryable } from '../queryable.js';
import { type CoreTable, rowOf, selectList } from '../core/table.js';

/*
 * What the notices repositories share. A claim is a SELECT … FOR UPDATE SKIP LOCKED: inside a
 * transaction the rows stay locked until it ends, and a second transaction claiming at the same
 * time skips them instead of waiting, so two workers never take the same row. Outside a
 * transaction (autocommit) the lock ends with the statement: a plain read, as the contract says.
 */

/** The rows a query found, as contract rows. */
export async function rowsOf<Row extends { id: string }>(db: Queryable, spec: CoreTable<Row>, text: string, params: unknown[]): Promise<Row[]> {
  const { rows } = await db.query(text, params);
  return rows.map((record) => rowOf(spec, record));
}

/** `SELECT <every column> FROM <table> <alias>`: the start of a query reading whole rows. */
export function selectFrom<Row extends { id: string }>(spec: CoreTable<Row>, alias = ''): string {
  const columns = alias === '' ? selectList(spec) : Object.values<string>(spec.columns).map((column) => `${alias}."${column}"`).join(', ');
  return `SELECT ${columns} FROM "${spec.table}"${alias === '' ? '' : ` ${alias}`}`;
}

/** A LIMIT the database accepts: a negative limit claims nothing, as an empty list would. */
export function rowLimit(limit: number): number {
  return Math.max(Math.trunc(limit), 0);
}

/** Deletes the rows of `table` with these ids; returns how many. */
export async function deleteIds(db: Queryable, table: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { rowCount } = await db.query(`DELETE FROM "${table}" WHERE id = ANY($1::text[])`, [[...new Set(ids)]]);
  return rowCount ?? 0;
}

/** Deletes the rows of `table` where `column` equals `value`; returns how many. */
export async function deleteBy(db: Queryable, table: string, column: string, value: string): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM "${table}" WHERE "${column}" = $1`, [value]);
  return rowCount ?? 0;
}
