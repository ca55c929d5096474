import { randomUUID } from 'node:crypto';
import test from 'ava';
import pg from 'pg';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { UniqueViolation } from '../../src/storage/types.js';
import { at, postRow, userRow } from '../storage/_rows.js';
import { freshSchema, openPg, pgTests } from './_pg.js';

/*
 * Migration 13 (issue 31 §1): a migration-12 database keeps its rows and gains the empty tags and
 * post_tags tables; a tag's name is unique ignoring case; a deleted post or tag takes its links.
 */
pgTests((url) => {
  test('migration 13 keeps the rows of a migration-12 database and adds tags, unique by name ignoring case, their links cascading', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.teardown(() => pool.end());
    t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 12)), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    await t.throwsAsync(pool.query('SELECT 1 FROM tags'), { message: /tags/ });
    const user = userRow();
    await pool.query(
      `INSERT INTO users (id, email, email_lower, username, name, name_lower, password_hash, is_owner, is_verified, is_blocked, token_version, notes, created_at, updated_at)
       VALUES ($1, $2, $2, $3, $4, lower($4), $5, false, false, false, 0, NULL, $6, $6)`,
      [user.id, user.email, user.username, user.name, user.passwordHash, user.createdAt],
    );
    t.deepEqual(await migrate(pool), [13, 14, 15, 16, 17, 18]);
    const storage = await openPg(t, schemaUrl);
    t.like(await storage.users.get(user.id), { email: user.email, username: user.username });
    t.is(await storage.tags.count(), 0);
    const tag = { id: randomUUID(), name: 'Dark mode', color: '1e90ff', public: false, createdAt: at(1), updatedAt: at(1) };
    t.deepEqual(await storage.tags.insert(tag), tag);
    const clash = storage.tags.insert({ ...tag, id: randomUUID(), name: 'DARK MODE' });
    t.is((await t.throwsAsync(clash, { instanceOf: UniqueViolation }))?.constraint, 'tags.name');
    const [one, two] = [await storage.posts.insert(postRow(user.id)), await storage.posts.insert(postRow(user.id))];
    await storage.postTags.insert({ id: randomUUID(), postId: one.id, tagId: tag.id, createdAt: at(2) });
    await storage.postTags.insert({ id: randomUUID(), postId: two.id, tagId: tag.id, createdAt: at(2) });
    await pool.query('DELETE FROM posts WHERE id = $1', [one.id]);
    t.is(await storage.postTags.count(), 1);
    await pool.query('DELETE FROM tags WHERE id = $1', [tag.id]);
    t.is(await storage.postTags.count(), 0);
    const plan = await pool.query(`SELECT indexdef FROM pg_indexes WHERE tablename = 'post_tags' AND indexname = 'post_tags_by_tag'`);
    t.regex(String(plan.rows[0]?.indexdef), /\(tag_id, post_id\)/);
  });
});
