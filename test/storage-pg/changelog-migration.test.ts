import test from 'ava';
import pg from 'pg';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS, rowSchemaAt } from '../../src/storage/postgres/migrations/index.js';
import { at } from '../storage/_rows.js';
import { freshSchema, openPg, pgTests } from './_pg.js';

const USER_ID = '0b5a6a9e-0000-4000-8000-0000000000a1';
const POST_ID = '0b5a6a9e-0000-4000-8000-0000000000b1';
const NOTICE_ID = '0b5a6a9e-0000-4000-8000-0000000000c1';

pgTests((url) => {
  test('migration 11 adds the changelog to a migration-10 database, keeps its queued notifications, and lets one be `shipped`', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.teardown(() => pool.end());
    t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 10)), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await pool.query(
      `INSERT INTO users (id, email, email_lower, username, name, name_lower, password_hash, is_owner, is_verified, is_blocked, token_version, notes, created_at, updated_at)
       VALUES ($1, 'jane@example.org', 'jane@example.org', 'jane_x', 'Jane', 'jane', 'x', false, false, false, 0, NULL, $2, $2)`,
      [USER_ID, at(0)],
    );
    await pool.query(
      `INSERT INTO notifications (id, user_id, post_id, kind, facts, created_at, due_at) VALUES ($1, $2, $3, 'status', '{}', $4, $4)`,
      [NOTICE_ID, USER_ID, POST_ID, at(0)],
    );
    await t.throwsAsync(
      pool.query(`INSERT INTO notifications (id, user_id, post_id, kind, facts, created_at, due_at) VALUES (gen_random_uuid()::text, $1, $2, 'shipped', '{}', $3, $3)`, [USER_ID, POST_ID, at(0)]),
      { message: /notifications_kind_check/ },
      'before 11, no notification is `shipped`',
    );
    t.deepEqual(await migrate(pool), [11, 12, 13, 14, 15, 16, 17, 18]);
    t.is(rowSchemaAt(11), 8);
    const storage = await openPg(t, schemaUrl);
    t.like(await storage.notifications.get(NOTICE_ID), { kind: 'status', userId: USER_ID });
    const shipped = { id: '0b5a6a9e-0000-4000-8000-0000000000c2', userId: USER_ID, postId: POST_ID, kind: 'shipped' as const, facts: { entryId: 'e' }, createdAt: at(1), dueAt: at(1) };
    t.deepEqual(await storage.notifications.insert(shipped), shipped);
    t.is(await storage.changelogEntries.count(), 0);
    t.is(await storage.changelogLinks.count(), 0);
    await t.throwsAsync(
      pool.query(`INSERT INTO changelog_entries (id, slug, title, labels, status, author_id, created_at, updated_at) VALUES ('x', 's', 't', '{}', 'live', $1, $2, $2)`, [USER_ID, at(0)]),
      { message: /changelog_entries_status_check/ },
    );
  });
});
