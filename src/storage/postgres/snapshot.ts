import type { PoolClient } from 'pg';
import { SCHEMA_VERSION } from '../lowdb/document.js';
import type { DatabaseSnapshot } from '../types.js';
import { quoted } from './content/sql.js';
import { settingsOf } from './core/settings.js';
import { STORED_TABLES } from './tables.js';

/**
 * Every table and the settings at one instant: read in one REPEATABLE READ, READ ONLY transaction,
 * so the copy holds exactly the transactions committed (and so durable) before it started.
 */
export async function readSnapshot(client: PoolClient): Promise<DatabaseSnapshot> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const settings = await client.query('SELECT value FROM settings WHERE id');
    const tables: Record<string, Array<{ id: string }>> = {};
    for (const table of STORED_TABLES) {
      const columns = table.columns.map(quoted).join(', ');
      const { rows } = await client.query(`SELECT ${columns} FROM ${quoted(table.table)} ORDER BY created_at, id`);
      tables[table.name] = rows.map((record: Record<string, unknown>) => table.read(record));
    }
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
