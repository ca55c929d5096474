import type { PoolClient } from 'pg';
import type { DatabaseSnapshot, UploadCopyRow, UploadRow } from '../types.js';
import { quoted } from './content/sql.js';
import { settingsOf } from './core/settings.js';
import { schemaVersion } from './migrate.js';
import { rowSchemaAt } from './migrations/index.js';
import type { Queryable } from './queryable.js';
import { STORED_TABLES, type StoredTable } from './tables.js';

/**
 * Every table and the settings at one instant: read in one REPEATABLE READ, READ ONLY transaction,
 * so the copy holds exactly the transactions committed (and so durable) before it started.
 * A database of an older schema (the copy made before upgrading it) is read as it is: a table or
 * a column added since is left out, and its rows read as the contract reads them without it
 * (no endpoints, no subscriptions, `notificationsOff` absent), labelled with the storage schema
 * version its rows follow, so that restoring it upgrades them (the Team role of schema 4…).
 */
export async function readSnapshot(client: PoolClient): Promise<DatabaseSnapshot> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const rowSchema = rowSchemaAt(await schemaVersion(client));
    const settings = await client.query('SELECT value FROM settings WHERE id');
    const existing = await existingColumns(client);
    const tables: Record<string, Array<{ id: string }>> = {};
    for (const table of STORED_TABLES) {
      const have = existing.get(table.table);
      if (have === undefined && table.optional) {
        tables[table.name] = [];
        continue;
      }
      const columns = readableColumns(table, have).map(quoted).join(', ');
      const { rows } = await client.query(`SELECT ${columns} FROM ${quoted(table.table)} ORDER BY created_at, id`);
      tables[table.name] = rows.map((record: Record<string, unknown>) => table.read(record));
    }
    if (existing.has('upload_bytes')) tables.uploads = await withUploadData(client, (tables.uploads ?? []) as UploadRow[]);
    await client.query('COMMIT');
    return {
      schemaVersion: rowSchema,
      settings: settingsOf(settings.rows[0]?.value ?? {}),
      tables: tables as unknown as DatabaseSnapshot['tables'],
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The columns of every table of the current schema, by table. */
async function existingColumns(db: Queryable): Promise<Map<string, Set<string>>> {
  const { rows } = await db.query(
    'SELECT table_name::text AS table_name, column_name::text AS column_name FROM information_schema.columns WHERE table_schema = current_schema()',
  );
  const tables = new Map<string, Set<string>>();
  for (const { table_name: table, column_name: column } of rows as Array<{ table_name: string; column_name: string }>) {
    const columns = tables.get(table) ?? new Set<string>();
    columns.add(column);
    tables.set(table, columns);
  }
  return tables;
}

/** The table's columns to read: all of them, but a later optional column only where the schema has it (any other gap fails loudly). */
function readableColumns(table: StoredTable, have: ReadonlySet<string> | undefined): readonly string[] {
  const later = new Set(table.laterColumns ?? []);
  return table.columns.filter((column) => !later.has(column) || have === undefined || have.has(column));
}

/** The upload rows of the copy, each with its bytes (base64), read in the same transaction; a row without bytes is left out. */
async function withUploadData(db: Queryable, rows: readonly UploadRow[]): Promise<UploadCopyRow[]> {
  const { rows: records } = await db.query('SELECT id, data FROM upload_bytes');
  const data = new Map<string, Buffer>(records.map((record: { id: string; data: Buffer }) => [String(record.id), record.data]));
  return rows.flatMap((row) => {
    const bytes = data.get(row.id);
    return bytes ? [{ ...row, data: bytes.toString('base64') }] : [];
  });
}
