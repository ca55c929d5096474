import test from 'ava';
import pg from 'pg';
import {
  APPROVALS,
  AUTH_PROVIDER_KINDS,
  CHANGELOG_STATUSES,
  MAIL_TOKEN_PURPOSES,
  NOTIFICATION_KINDS,
  UPLOAD_TYPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_FORMATS,
} from '../../src/storage/enumerations.js';
import { freshSchema, openPg, pgTests } from './_pg.js';

/** The shared list each PostgreSQL CHECK of a column's values must name, by `table.column`. */
const LISTS: Record<string, readonly string[]> = {
  'mail_tokens.purpose': MAIL_TOKEN_PURPOSES,
  'webhook_endpoints.format': WEBHOOK_FORMATS,
  'webhook_deliveries.status': WEBHOOK_DELIVERY_STATUSES,
  'notifications.kind': NOTIFICATION_KINDS,
  'auth_providers.kind': AUTH_PROVIDER_KINDS,
  'changelog_entries.status': CHANGELOG_STATUSES,
  'uploads.type': UPLOAD_TYPES,
  'posts.approval': APPROVALS,
  'comments.approval': APPROVALS,
};

/** Every `column IN (…)` CHECK of the schema, as `table.column` → its values. */
async function checkedLists(url: string, schema: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string; definition: string }>(
      `SELECT c.conrelid::regclass::text AS table, pg_get_constraintdef(c.oid) AS definition
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'c' AND n.nspname = $1`,
      [schema],
    );
    const lists: Record<string, string[]> = {};
    for (const { table, definition } of rows) {
      const found = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
      if (!found) continue;
      const values = [...found[2]!.matchAll(/'([^']*)'::text/g)].map((match) => match[1]!);
      lists[`${table.replace(/^.*\./, '')}.${found[1]}`] = values;
    }
    return lists;
  } finally {
    await client.end();
  }
}

pgTests((url) => {
  test("every CHECK of a column's values names exactly the shared list the writers and the restore rules use", async (t) => {
    const { url: schemaUrl, schema } = await freshSchema(t, url);
    await openPg(t, schemaUrl); // applies every migration
    const lists = await checkedLists(url, schema);
    t.deepEqual(Object.keys(lists).sort(), Object.keys(LISTS).sort(), 'a new CHECK of values needs its shared list here');
    for (const [column, values] of Object.entries(lists)) t.deepEqual(values, [...LISTS[column]!], column);
  });
});
