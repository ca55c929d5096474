import type { TableRepo } from '../types.js';
import type { Access } from './access.js';
import type { TableName, TableRows } from './document.js';
import type { SortedList, Timed } from './sorted-list.js';
import type { Table } from './table.js';

/** The CRUD every table shares. */
export function tableRepo<K extends TableName>(access: Access, name: K): TableRepo<TableRows[K]> {
  const table = (db: { tables: { [N in TableName]: Table<TableRows[N]> } }) => db.tables[name] as Table<TableRows[K]>;
  return {
    get: (id) => access.read((db) => table(db).get(id)),
    getMany: (ids) => access.read((db) => rowsById(table(db), ids)),
    insert: (row) => access.write((w) => w.insert(name, row)),
    update: (id, patch) => access.write((w) => w.update(name, id, patch as Partial<TableRows[K]>)),
    delete: (id) => access.write((w) => w.delete(name, id)),
    count: () => access.read((db) => table(db).size),
  };
}

function rowsById<Row extends { id: string }>(table: Table<Row>, ids: readonly string[]): Map<string, Row> {
  const found = new Map<string, Row>();
  for (const id of ids) {
    const row = table.get(id);
    if (row) found.set(id, row);
  }
  return found;
}

/** The row a unique index points to. */
export function byKey<Row extends { id: string }>(table: Table<Row>, id: string | undefined): Row | undefined {
  return id === undefined ? undefined : table.get(id);
}

/** Rows of an optional sorted list, oldest first (a new array). */
export function listed<Row extends Timed>(list: SortedList<Row> | undefined): Row[] {
  return list ? list.toArray() : [];
}
