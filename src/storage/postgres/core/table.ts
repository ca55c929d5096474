import { type OrderedPage, type OrderedPageRequest, RowNotFound, type TableRepo } from '../../types.js';
import { type ColumnMap, columnValues } from '../columns.js';
import { mappingUnique } from '../errors.js';
import type { Queryable } from '../queryable.js';

/** How one core table is stored: contract field → column, and columns derived from fields. */
export interface CoreTable<Row extends { id: string }> extends ColumnMap<Row> {
  /** The SQL table (snake_case). */
  table: string;
  /** The contract's name of the table, for RowNotFound (`userRoles`). */
  name: string;
  /**
   * Fields the contract lets a row lack (`notificationsOff`, added after the table): stored as NULL
   * when absent and read back absent, so every row reads as it was written on both engines.
   */
  optional?: ReadonlyArray<keyof Row & string>;
}

/** A stored value as the contract has it: timestamps (Date from the driver) become ISO strings with ms and `Z`. */
function fromDbValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** A row of the contract from a record of the table. */
export function rowOf<Row extends { id: string }>(spec: CoreTable<Row>, record: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  const optional: readonly string[] = spec.optional ?? [];
  for (const [field, column] of Object.entries(spec.columns) as Array<[string, string]>) {
    const value = fromDbValue(record[column]);
    // Undefined too: a copy of a schema older than the field does not read its column (snapshot.ts).
    if (value == null && optional.includes(field)) continue;
    row[field] = value;
  }
  return row as Row;
}

/** The column list for SELECTs, in field order. */
export function selectList<Row extends { id: string }>(spec: CoreTable<Row>): string {
  return Object.values<string>(spec.columns)
    .map((column) => `"${column}"`)
    .join(', ');
}

/** The CRUD every table keyed by `id` shares. */
export function tableRepo<Row extends { id: string }>(db: Queryable, spec: CoreTable<Row>): TableRepo<Row> {
  const table = `"${spec.table}"`;
  const select = selectList(spec);
  const toRow = (record: Record<string, unknown>) => rowOf(spec, record);
  return {
    get: async (id) => {
      const { rows } = await db.query(`SELECT ${select} FROM ${table} WHERE id = $1`, [id]);
      return rows[0] ? toRow(rows[0]) : undefined;
    },
    getMany: async (ids) => {
      const found = new Map<string, Row>();
      if (ids.length === 0) return found;
      const { rows } = await db.query(`SELECT ${select} FROM ${table} WHERE id = ANY($1::text[])`, [[...new Set(ids)]]);
      for (const record of rows) {
        const row = toRow(record);
        found.set(row.id, row);
      }
      return found;
    },
    insert: (row) =>
      mappingUnique(async () => {
        const pairs = columnValues(spec, row);
        const { rows } = await db.query(
          `INSERT INTO ${table} (${pairs.map(([column]) => `"${column}"`).join(', ')})
           VALUES (${pairs.map((_, n) => `$${n + 1}`).join(', ')}) RETURNING ${select}`,
          pairs.map(([, value]) => value),
        );
        return toRow(rows[0]);
      }),
    update: (id, patch) =>
      mappingUnique(async () => {
        const pairs = columnValues(spec, { ...patch, id: undefined } as Partial<Row>);
        const values = pairs.map(([, value]) => value);
        const text =
          pairs.length === 0
            ? `SELECT ${select} FROM ${table} WHERE id = $1`
            : `UPDATE ${table} SET ${pairs.map(([column], n) => `"${column}" = $${n + 2}`).join(', ')} WHERE id = $1 RETURNING ${select}`;
        const { rows } = await db.query(text, [id, ...values]);
        if (!rows[0]) throw new RowNotFound(spec.name, id);
        return toRow(rows[0]);
      }),
    delete: async (id) => {
      const { rowCount } = await db.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
      return (rowCount ?? 0) > 0;
    },
    count: async () => {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${table}`);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/**
 * One page of the whole table in (createdAt, id) order: by offset, or strictly after the cursor
 * row (undefined when no row has that id). `offset` counts the rows before the page in the asked direction.
 */
export async function timedPage<Row extends { id: string }>(
  db: Queryable,
  spec: CoreTable<Row>,
  request: OrderedPageRequest,
): Promise<OrderedPage<Row> | undefined> {
  const table = `"${spec.table}"`;
  const dir = request.direction === 'asc' ? 'ASC' : 'DESC';
  const limit = Math.max(request.limit, 0);
  const { from } = request;
  let total: number;
  let offset: number;
  let rows: Record<string, unknown>[];
  if ('offset' in from) {
    const counted = await db.query(`SELECT count(*)::int AS total FROM ${table}`);
    total = Number(counted.rows[0]?.total ?? 0);
    offset = Math.min(Math.max(from.offset, 0), total);
    ({ rows } = await db.query(
      `SELECT ${selectList(spec)} FROM ${table} ORDER BY created_at ${dir}, id ${dir} LIMIT $1 OFFSET $2`,
      [limit, offset],
    ));
  } else {
    const counted = await db.query(
      `SELECT (SELECT count(*)::int FROM ${table}) AS total,
              (SELECT count(*)::int FROM ${table} x WHERE (x.created_at, x.id) <= (c.created_at, c.id)) AS upto
       FROM ${table} c WHERE c.id = $1`,
      [from.after],
    );
    const counts = counted.rows[0];
    if (!counts) return undefined;
    total = Number(counts.total);
    const upto = Number(counts.upto);
    offset = request.direction === 'asc' ? upto : total - upto + 1;
    ({ rows } = await db.query(
      `SELECT ${selectList(spec)} FROM ${table}
       WHERE (created_at, id) ${request.direction === 'asc' ? '>' : '<'} (SELECT created_at, id FROM ${table} WHERE id = $1)
       ORDER BY created_at ${dir}, id ${dir} LIMIT $2`,
      [from.after, limit],
    ));
  }
  const page = rows.map((record) => rowOf(spec, record));
  return { rows: page, total, offset, hasMore: offset + page.length < total };
}
