import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import { createUsersRepo } from '../../src/storage/postgres/core/users.js';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { type Repositories, type Storage, UniqueViolation } from '../../src/storage/types.js';
import { at, notificationRow, outboxEventRow, userRow, webhookDeliveryRow, webhookEndpointRow } from '../storage/_rows.js';
import { freshPg, freshSchema, pgTests } from './_pg.js';

/** When the claims run: every row below is due by then. */
const NOW = at(100);
/** Where a claim leases its rows to: past NOW, so a claimed row is no longer due. */
const LEASE = at(1000);

/** Claims up to two rows of one queue in `tx`, marks them taken (lease or delete), and returns their ids. */
type Claim = (tx: Repositories) => Promise<string[]>;

/** What each transaction claimed; `whileHeld` is what the first had claimed, still locked, when the second claimed. */
interface Claims {
  first: string[];
  second: string[];
  whileHeld: string[];
}

/**
 * Two transactions at once: the first claims and then waits, holding its row locks, while the
 * second claims and commits. Had the second waited for the first's locks, it would never finish
 * and the test would time out; taking the first's rows would show as an overlap with `whileHeld`
 * (even if the first were then run again after a serialisation failure, which no longer waits).
 */
async function claimTwiceAtOnce(storage: Storage, claim: Claim): Promise<Claims> {
  let claimed!: () => void;
  const firstClaimed = new Promise<void>((resolve) => {
    claimed = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const attempts: string[][] = [];
  const first = storage.transaction(async (tx) => {
    const ids = await claim(tx);
    attempts.push(ids);
    claimed();
    await released;
    return ids;
  });
  await firstClaimed;
  const second = await storage.transaction(claim);
  release();
  return { first: await first, second, whileHeld: attempts[0]! };
}

function assertDisjointPairs(t: ExecutionContext, claims: Claims, all: string[]): void {
  t.is(claims.whileHeld.length, 2);
  t.is(claims.second.length, 2);
  t.deepEqual(
    claims.second.filter((id) => claims.whileHeld.includes(id)),
    [],
    'the second skipped the rows the first held',
  );
  t.deepEqual([...claims.first, ...claims.second].sort(), [...all].sort(), 'together they took every row, each once');
}

pgTests((url) => {
  test('two transactions claiming due deliveries at once get disjoint rows; a disabled endpoint’s deliveries are never claimed', async (t) => {
    const { storage } = await freshPg(t, url);
    const endpoint = await storage.webhookEndpoints.insert(webhookEndpointRow());
    const disabled = await storage.webhookEndpoints.insert(webhookEndpointRow({ enabled: false, disabledReason: 'failing for 3 days' }));
    const due = [1, 2, 3, 4].map((n) => webhookDeliveryRow(endpoint.id, { nextAttemptAt: at(n) }));
    // Due before all of them, so a claim ignoring `enabled` would take these first.
    await storage.webhookDeliveries.insertMany([...due, webhookDeliveryRow(disabled.id, { nextAttemptAt: at(0) })]);
    const claims = await claimTwiceAtOnce(storage, async (tx) => {
      const rows = await tx.webhookDeliveries.claimDue(NOW, 2);
      for (const row of rows) await tx.webhookDeliveries.update(row.id, { nextAttemptAt: LEASE, attempts: row.attempts + 1 });
      return rows.map((row) => row.id);
    });
    assertDisjointPairs(t, claims, due.map((row) => row.id));
    t.deepEqual(await storage.webhookDeliveries.claimDue(NOW, 10), [], 'nothing left but the disabled endpoint’s delivery');
    t.deepEqual(
      (await storage.webhookDeliveries.claimDue(LEASE, 10)).map((row) => row.id).sort(),
      due.map((row) => row.id).sort(),
      'leased ones are due again when the lease ends; the disabled endpoint’s still not',
    );
    await storage.webhookEndpoints.update(disabled.id, { enabled: true, disabledReason: null });
    t.is((await storage.webhookDeliveries.claimDue(NOW, 10)).length, 1, 'enabled again, its delivery is claimed');
  });

  test('two transactions claiming the oldest outbox events at once get disjoint rows', async (t) => {
    const { storage } = await freshPg(t, url);
    const events = [1, 2, 3, 4].map((n) => outboxEventRow({ createdAt: at(n), facts: { n } }));
    for (const event of events) await storage.outbox.insert(event);
    const claims = await claimTwiceAtOnce(storage, async (tx) => {
      const rows = await tx.outbox.claimOldest(2);
      await tx.outbox.deleteMany(rows.map((row) => row.id));
      return rows.map((row) => row.id);
    });
    assertDisjointPairs(t, claims, events.map((row) => row.id));
    t.is(await storage.outbox.count(), 0);
  });

  test('two transactions claiming due notifications at once get disjoint rows', async (t) => {
    const { storage } = await freshPg(t, url);
    const user = await storage.users.insert(userRow());
    const notifications = [1, 2, 3, 4].map((n) => notificationRow(user.id, `post-${n}`, { dueAt: at(n) }));
    for (const notification of notifications) await storage.notifications.insert(notification);
    const claims = await claimTwiceAtOnce(storage, async (tx) => {
      const rows = await tx.notifications.claimDue(NOW, 2);
      for (const row of rows) await tx.notifications.update(row.id, { dueAt: LEASE });
      return rows.map((row) => row.id);
    });
    assertDisjointPairs(t, claims, notifications.map((row) => row.id));
    t.deepEqual(await storage.notifications.claimDue(NOW, 10), []);
  });

  test('insertMany stores a large fan-out in one statement: all of it, or none when one id is taken, even outside a transaction', async (t) => {
    const { storage } = await freshPg(t, url);
    const endpoint = await storage.webhookEndpoints.insert(webhookEndpointRow());
    const rows = Array.from({ length: 2500 }, (_, n) => webhookDeliveryRow(endpoint.id, { body: `{"n":${n},"text":"a \\"quoted\\", {braced} line"}` }));
    const refused = await t.throwsAsync(storage.webhookDeliveries.insertMany([...rows, { ...rows[0]!, body: 'again' }]), { instanceOf: UniqueViolation });
    t.is(refused?.constraint, 'webhookDeliveries.id');
    t.is(await storage.webhookDeliveries.count(), 0);
    await storage.webhookDeliveries.insertMany(rows);
    t.is(await storage.webhookDeliveries.count(), 2500);
    t.deepEqual(await storage.webhookDeliveries.get(rows[2499]!.id), rows[2499]);
  });

  test('migration 5 keeps the users written at version 4; they read notificationsOff absent, that is false', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.teardown(() => pool.end());
    t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 4)), [1, 2, 3, 4]);
    const written = userRow({ name: 'Ada' });
    await pool.query(
      `INSERT INTO users (id, email, email_lower, username, name, name_lower, password_hash, is_owner, is_verified, is_blocked,
                          token_version, notes, created_at, updated_at)
       VALUES ($1, $2, $2, $3, 'Ada', 'ada', 'hash', false, true, false, 0, NULL, $4, $4)`,
      [written.id, written.email, written.username, written.createdAt],
    );
    t.deepEqual(await migrate(pool), [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const users = createUsersRepo(pool);
    const read = await users.get(written.id);
    t.deepEqual(read, written, 'the row as written, without the field');
    t.false(read?.notificationsOff ?? false);
    t.true((await users.update(written.id, { notificationsOff: true })).notificationsOff);
    t.false((await users.update(written.id, { notificationsOff: false })).notificationsOff);
  });
});
