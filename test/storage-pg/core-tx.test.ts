import test from 'ava';
import pg from 'pg';
import { SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { mapFailure } from '../../src/storage/postgres/errors.js';
import { openPostgresStorage } from '../../src/storage/postgres/postgres-storage.js';
import { DEFAULT_SETTINGS } from '../../src/storage/seed.js';
import { UniqueViolation } from '../../src/storage/types.js';
import { silentLogger } from '../storage/_config.js';
import { mailTokenRow, roleRow, userRoleRow, userRow } from '../storage/_rows.js';
import { freshPg, freshSchema, openPg, pgConfig, pgTests } from './_pg.js';

/** @everyone and Team. */
const SEEDED_ROLES = 2;

pgTests((url) => {
  test('a transaction sees its own writes and returns its result', async (t) => {
    const { storage } = await freshPg(t, url);
    const result = await storage.transaction(async (tx) => {
      const user = await tx.users.insert(userRow());
      await tx.mailTokens.insert(mailTokenRow(user.id));
      return { found: (await tx.users.get(user.id))?.id === user.id, tokens: await tx.mailTokens.count() };
    });
    t.deepEqual(result, { found: true, tokens: 1 });
    t.is(await storage.users.count(), 1);
  });

  test('a throwing transaction writes nothing', async (t) => {
    const { storage } = await freshPg(t, url);
    const kept = await storage.users.insert(userRow({ name: 'kept' }));
    const error = await t.throwsAsync(
      storage.transaction(async (tx) => {
        const user = await tx.users.insert(userRow());
        const role = await tx.roles.insert(roleRow());
        await tx.userRoles.insert(userRoleRow(user.id, role.id));
        await tx.users.update(kept.id, { name: 'changed' });
        await tx.settings.update({ title: 'changed' });
        throw new Error('boom');
      }),
    );
    t.is(error?.message, 'boom');
    t.is(await storage.users.count(), 1);
    t.is((await storage.users.get(kept.id))?.name, 'kept');
    t.is(await storage.roles.count(), SEEDED_ROLES);
    t.is(await storage.userRoles.count(), 0);
    t.deepEqual(await storage.settings.get(), DEFAULT_SETTINGS);
  });

  test('a unique violation inside a transaction surfaces as UniqueViolation and rolls back', async (t) => {
    const { storage } = await freshPg(t, url);
    const ada = await storage.users.insert(userRow({ email: 'ada@example.org' }));
    const error = await t.throwsAsync(
      storage.transaction(async (tx) => {
        await tx.roles.insert(roleRow());
        await tx.users.insert(userRow({ email: 'ADA@EXAMPLE.ORG' }));
      }),
      { instanceOf: UniqueViolation },
    );
    t.is(error?.constraint, 'users.email');
    t.is(await storage.roles.count(), SEEDED_ROLES);
    t.deepEqual(await storage.users.getByEmail('ada@example.org'), ada);
  });

  test('tx cannot be used once its transaction has ended', async (t) => {
    const { storage } = await freshPg(t, url);
    let leaked: Parameters<Parameters<typeof storage.transaction>[0]>[0] | undefined;
    await storage.transaction(async (tx) => {
      leaked = tx;
    });
    await t.throwsAsync(leaked!.users.count(), { message: /transaction has already ended/ });
  });

  test('concurrent setups: exactly one owner, the others retried or refused', async (t) => {
    const { storage } = await freshPg(t, url);
    const attempts = Array.from({ length: 6 }, () =>
      storage.transaction(async (tx) => {
        if (await tx.users.getOwner()) return 'completed';
        await tx.users.insert(userRow({ isOwner: true }));
        return 'owner';
      }),
    );
    const results = await Promise.allSettled(attempts);
    const owners = results.filter((r) => r.status === 'fulfilled' && r.value === 'owner');
    t.is(owners.length, 1);
    for (const r of results) {
      if (r.status === 'rejected') t.true(r.reason instanceof UniqueViolation, String(r.reason));
    }
    t.is((await storage.users.page({ direction: 'asc', limit: 10, from: { offset: 0 } }))?.total, 1);
  });

  test('two processes opening one empty database at once both migrate it safely', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const [a, b] = await Promise.all([
      openPostgresStorage(pgConfig(schemaUrl), silentLogger),
      openPostgresStorage(pgConfig(schemaUrl), silentLogger),
    ]);
    t.teardown(() => Promise.all([a.close(), b.close()]).then(() => undefined));
    t.is(a.engine, 'postgres');
    t.is(await a.roles.count(), SEEDED_ROLES, 'the seed is there once');
    const user = await a.users.insert(userRow());
    t.deepEqual(await b.users.get(user.id), user);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.teardown(() => pool.end());
    const { rows } = await pool.query('SELECT id FROM schema_migrations ORDER BY id');
    t.deepEqual(
      rows.map((r: { id: number }) => r.id),
      MIGRATIONS.map((m) => m.id),
    );
    t.deepEqual(await migrate(pool), [], 'a migrated database needs nothing');
  });

  test('a database migrated by a newer feedbackd is refused', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.teardown(() => pool.end());
    await migrate(pool);
    await pool.query(`INSERT INTO schema_migrations (id, name) VALUES (999, 'future')`);
    await t.throwsAsync(openPostgresStorage(pgConfig(schemaUrl), silentLogger), { message: /newer feedbackd/ });
  });

  test('isWritable, snapshot and close', async (t) => {
    const { storage, schemaUrl } = await freshPg(t, url);
    t.true(await storage.isWritable());
    const user = await storage.users.insert(userRow());
    const token = await storage.mailTokens.insert(mailTokenRow(user.id));
    await storage.settings.update({ title: 'Snap' });
    const snapshot = await storage.snapshot();
    t.is(snapshot.schemaVersion, SCHEMA_VERSION);
    t.is(snapshot.settings.title, 'Snap');
    t.deepEqual(snapshot.tables.users, [user]);
    t.is(snapshot.tables.roles.length, SEEDED_ROLES);
    t.deepEqual(snapshot.tables.mailTokens, [token]);
    for (const name of ['userRoles', 'boards', 'roadmaps', 'posts', 'votes', 'comments', 'activities', 'mailLog']) {
      t.deepEqual(snapshot.tables[name], [], name);
    }
    const other = await openPg(t, schemaUrl);
    await other.close();
    t.false(await other.isWritable());
    await other.close();
    await t.throwsAsync(other.users.count(), { message: /closed/ });
  });
});

pgTests((url) => {
  test('a connection the server ends mid-transaction answers STORAGE_UNAVAILABLE and commits nothing', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const name = `feedbackd-test-${process.pid}-${Date.now()}`;
    const storage = await openPostgresStorage(pgConfig(`${schemaUrl}&application_name=${name}`, { databasePoolSize: 1 }), silentLogger);
    t.teardown(() => storage.close());
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    t.teardown(() => admin.end());
    const error = await t.throwsAsync(
      storage.transaction(async (tx) => {
        await tx.users.insert(userRow());
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [name]);
        await tx.users.insert(userRow());
      }),
    );
    t.like(error, { code: 'STORAGE_UNAVAILABLE', status: 503, message: 'Storage is not writable' });
    t.is(await storage.users.count(), 0, 'nothing of it was committed; the pool connects again');
  });
});

test('every way the driver reports a lost connection or a server that cannot write maps to STORAGE_UNAVAILABLE', (t) => {
  const driverErrors = [
    new Error('Connection terminated unexpectedly'),
    new Error('Client has encountered a connection error and is not queryable'),
    new Error('Client was closed and is not queryable'),
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }),
    Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }),
  ];
  for (const error of driverErrors) t.like(mapFailure(error), { code: 'STORAGE_UNAVAILABLE', status: 503 }, error.message);
  const syntax = Object.assign(new Error('syntax error'), { code: '42601' });
  t.is(mapFailure(syntax), syntax, 'a bug stays a bug (500), not an outage');
});
