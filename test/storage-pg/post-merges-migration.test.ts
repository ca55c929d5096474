import test from 'ava';
import pg from 'pg';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { at, notificationRow, postRow, userRow } from '../storage/_rows.js';
import { freshSchema, openPg, pgTests } from './_pg.js';

/*
 * Migration 12 (issue 30 §2): a migration-11 database keeps its rows, gains an empty post_merges
 * table, and its notifications take the kind `merged` (and keep `shipped`).
 */
pgTests((url) => {
  test('migration 12 keeps the rows of a migration-11 database, adds merged posts, and lets notifications say merged', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.teardown(() => pool.end());
    t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 11)), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    await t.throwsAsync(pool.query('SELECT 1 FROM post_merges'), { message: /post_merges/ });
    const user = userRow();
    await pool.query(
      `INSERT INTO users (id, email, email_lower, username, name, name_lower, password_hash, is_owner, is_verified, is_blocked, token_version, notes, created_at, updated_at)
       VALUES ($1, $2, $2, $3, $4, lower($4), $5, false, false, false, 0, NULL, $6, $6)`,
      [user.id, user.email, user.username, user.name, user.passwordHash, user.createdAt],
    );
    t.deepEqual(await migrate(pool), [12, 13, 14, 15, 16, 17, 18]);
    const storage = await openPg(t, schemaUrl);
    t.like(await storage.users.get(user.id), { email: user.email, username: user.username });
    const post = await storage.posts.insert(postRow(user.id));
    t.is(await storage.postMerges.count(), 0);
    const merged = { ...postRow(user.id), title: 'Night theme' };
    const row = { id: merged.id, intoPostId: post.id, post: merged, moves: { votes: [], commentIds: [], subscriptions: [], addedSubscriptionIds: [] }, mergedBy: null, createdAt: at(1) };
    t.deepEqual(await storage.postMerges.insert(row), row);
    const notice = notificationRow(user.id, post.id, { kind: 'merged', facts: { fromTitle: 'Night theme' } });
    t.deepEqual(await storage.notifications.insert(notice), notice);
    await pool.query(`UPDATE notifications SET kind = 'shipped'`);
    await t.throwsAsync(pool.query(`UPDATE notifications SET kind = 'nothing'`), { message: /notifications_kind_check/ });
  });
});
