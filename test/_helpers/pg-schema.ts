import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new empty schema in the database at `url`; `drop()` removes it with everything in it. */
export async function createSchema(url: string): Promise<{ schema: string; url: string; drop(): Promise<void> }> {
  const schema = `s_${randomBytes(8).toString('hex')}`;
  await runAdmin(url, `CREATE SCHEMA ${schema}`);
  return { schema, url: withSearchPath(url, schema), drop: () => runAdmin(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

/** `url` with `search_path` set to `schema` for every connection (libpq's `options` parameter). */
export function withSearchPath(url: string, schema: string): string {
  const options = `options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return url.includes('?') ? `${url}&${options}` : `${url}?${options}`;
}

async function runAdmin(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
