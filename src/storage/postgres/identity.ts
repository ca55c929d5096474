import { withoutPassword } from './connect-error.js';
import type { Queryable } from './queryable.js';

/** Which PostgreSQL database a data directory belongs to: what `<data>/database.json` keeps, never a password. */
export interface PostgresRecord {
  engine: 'postgres';
  /** The URL without its password: what the operator gives again with --database. */
  url: string;
  host: string;
  port: number;
  database: string;
  schema: string;
  /**
   * Changes when the database or the schema is dropped and created again under the same name: the
   * oids PostgreSQL gave them (and the cluster's system identifier where this role may read it).
   */
  identity: string;
}

/**
 * Reads the identity of the database `db` is connected to. Nothing here needs a migration or a
 * superuser: pg_control_system() is tried, and left out when the role may not call it.
 */
export async function readPostgresRecord(db: Queryable, url: string): Promise<PostgresRecord> {
  const { rows } = await db.query(
    `SELECT current_database() AS database, coalesce(current_schema(), '') AS schema,
            (SELECT oid::text FROM pg_database WHERE datname = current_database()) AS database_oid,
            coalesce((SELECT oid::text FROM pg_namespace WHERE nspname = current_schema()), '') AS schema_oid`,
  );
  const row = rows[0] as { database: string; schema: string; database_oid: string; schema_oid: string };
  const system = await systemIdentifier(db);
  const { host, port } = hostAndPort(url);
  const identity = [system, row.database_oid, row.schema_oid].filter((part) => part !== '').join('/');
  return { engine: 'postgres', url: withoutPassword(url), host, port, database: row.database, schema: row.schema, identity };
}

/** The cluster's system identifier, or '' when this role may not read it (only superusers and pg_monitor may). */
async function systemIdentifier(db: Queryable): Promise<string> {
  try {
    const { rows } = await db.query(
      "SELECT CASE WHEN has_function_privilege('pg_control_system()', 'execute') THEN (SELECT system_identifier::text FROM pg_control_system()) ELSE '' END AS id",
    );
    return String(rows[0]?.id ?? '');
  } catch {
    return '';
  }
}

function hostAndPort(url: string): { host: string; port: number } {
  try {
    const parsed = new URL(url);
    return { host: decodeURIComponent(parsed.hostname) || 'localhost', port: Number(parsed.port || 5432) };
  } catch {
    return { host: 'localhost', port: 5432 };
  }
}

/** Whether two records name one database: same server, name, schema, and neither re-created since. */
export function samePostgresDatabase(recorded: PostgresRecord, found: PostgresRecord): boolean {
  return (
    recorded.host === found.host &&
    recorded.port === found.port &&
    recorded.database === found.database &&
    recorded.schema === found.schema &&
    recorded.identity === found.identity
  );
}

/** `postgres://me@db:5432/board (schema public)`: how messages name a recorded database. */
export function describeRecord(record: PostgresRecord): string {
  return `${record.url} (schema ${record.schema || '(none)'})`;
}
