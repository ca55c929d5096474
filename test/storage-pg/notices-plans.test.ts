import test from 'ava';
import pg from 'pg';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { createNotificationsRepo, createOutboxRepo, createWebhookDeliveriesRepo } from '../../src/storage/postgres/notices/index.js';
import type { Queryable } from '../../src/storage/postgres/queryable.js';
import { at } from '../storage/_rows.js';
import { freshSchema, pgTests } from './_pg.js';

/*
 * The worker claims from the queues every few seconds: a claim must read the few rows it takes
 * through the queue's claim-order index, never the whole queue (finished deliveries are kept 7
 * days). The exact SQL each repository runs is EXPLAINed both ways PostgreSQL may plan a named
 * statement: for these values (custom plan) and for any values (generic plan).
 */

const ROWS = 30_000;

/** Mostly finished deliveries, a few pending ones due; events and notifications spread over time. */
const FILL = `
INSERT INTO webhook_endpoints (id, url, format, events, secret, allow_private, description, enabled, failing_since, disabled_reason, created_at, updated_at)
SELECT 'e' || n, 'https://hooks.example.org/' || n, 'json', '{post.created}', 's', false, NULL, n <> 3, NULL, NULL, now(), now()
  FROM generate_series(0, 9) n;
INSERT INTO webhook_deliveries (id, endpoint_id, event, body, status, attempts, next_attempt_at, last_attempt_at, response_status,
                                duration_ms, error, created_at, updated_at)
SELECT 'd' || n, 'e' || (n % 10), 'post.created', '{}', CASE WHEN n % 100 = 0 THEN 'pending' ELSE 'delivered' END, 1,
       timestamptz '2026-01-01' + n * interval '1 second', NULL, NULL, NULL, NULL, now(), now()
  FROM generate_series(1, ${ROWS}) n;
INSERT INTO outbox_events (id, name, post_id, actor_id, facts, created_at)
SELECT 'o' || n, 'post.created', NULL, NULL, '{}', timestamptz '2026-01-01' + n * interval '1 second' FROM generate_series(1, ${ROWS}) n;
INSERT INTO notifications (id, user_id, post_id, kind, facts, created_at, due_at)
SELECT 'n' || n, 'u' || (n % 500), 'p' || (n % 700), 'comment', '{}', now(), timestamptz '2026-01-01' + n * interval '1 second'
  FROM generate_series(1, ${ROWS}) n;
ANALYZE webhook_endpoints, webhook_deliveries, outbox_events, notifications;
`;

/** The statements a call runs, recorded instead of run (each repository claim is one statement). */
async function statementsOf(call: (db: Queryable) => Promise<unknown>): Promise<Array<{ text: string; params: unknown[] }>> {
  const seen: Array<{ text: string; params: unknown[] }> = [];
  await call({
    query: async (text, params) => {
      seen.push({ text, params: params ?? [] });
      return { rows: [], rowCount: 0 };
    },
  });
  return seen;
}

/** The plan of a statement, as text, with the planner forced to a custom or a generic plan. */
async function plan(client: pg.PoolClient, text: string, params: unknown[], mode: 'force_custom_plan' | 'force_generic_plan'): Promise<string> {
  await client.query(`SET plan_cache_mode = ${mode}`);
  await client.query('DEALLOCATE ALL');
  await client.query(`PREPARE claim AS ${text}`);
  const literals = params.map((value) => (typeof value === 'number' ? String(value) : `'${String(value)}'`)).join(', ');
  const { rows } = await client.query(`EXPLAIN EXECUTE claim(${literals})`);
  return rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
}

const CLAIMS: ReadonlyArray<[string, string, (db: Queryable) => Promise<unknown>]> = [
  ['webhook deliveries', 'webhook_deliveries', (db) => createWebhookDeliveriesRepo(db).claimDue(at(3600), 20)],
  ['outbox events', 'outbox_events', (db) => createOutboxRepo(db).claimOldest(20)],
  ['notifications', 'notifications', (db) => createNotificationsRepo(db).claimDue(at(3600), 20)],
];

pgTests((url) => {
  test('claims read the queues through their claim-order indexes, for any values', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.teardown(() => pool.end());
    await migrate(pool);
    await pool.query(FILL);
    const client = await pool.connect();
    t.teardown(() => client.release());
    for (const [what, table, call] of CLAIMS) {
      const [statement] = await statementsOf(call);
      for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
        const text = await plan(client, statement!.text, statement!.params, mode);
        t.notRegex(text, new RegExp(`Seq Scan on ${table}\\b`), `${what}, ${mode}:\n${text}`);
        t.regex(text, /LockRows/, `${what}, ${mode}: the rows are locked`);
      }
    }
  });
});
