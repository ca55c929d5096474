import test from 'ava';
import pg from 'pg';
import { createPostsRepo } from '../../src/storage/postgres/content/posts.js';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { postSearchWords, searchWords } from '../../src/text/search-words.js';
import { at } from '../storage/_rows.js';
import { freshSchema, pgTests } from './_pg.js';

/** Posts written before migration 3, with the words it must find in them. */
const WRITTEN: Array<{ title: string; content: string | null }> = [
  { title: 'Dark-Mode for the dashboard', content: 'The dashboard is **too bright** at night; dark mode please.' },
  { title: 'Ünïcödé  Тёмная тема', content: null },
  { title: '暗色模式 export', content: 'export CSV, export JSON' },
  { title: '!!', content: '🎉' },
];

pgTests((url) => {
  test('migration 3 fills the words and vote counts of posts written at version 2, past one batch', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.teardown(() => pool.end());
    t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 2)), [1, 2]);
    await pool.query(
      `INSERT INTO users (id, email, email_lower, username, name, password_hash, is_owner, is_verified, is_blocked,
                          token_version, notes, created_at, updated_at)
       SELECT 'u' || n, 'u' || n, 'u' || n, 'u' || n, 'U', 'h', false, true, false, 0, NULL, $1, $1 FROM generate_series(1, 3) n`,
      [at(0)],
    );
    // 2,500 posts: the backfill reads and writes them 1,000 at a time.
    await pool.query(
      `INSERT INTO posts (id, title, slug, slug_id, content_markdown, user_id, board_id, roadmap_id, created_at, updated_at)
       SELECT lpad(n::text, 6, '0'), 'Post number ' || n, 'post-' || n, n::text, CASE WHEN n % 2 = 0 THEN 'Body ' || n END,
              'u1', NULL, NULL, $1, $1
         FROM generate_series(1, 2500) n`,
      [at(0)],
    );
    for (const [n, post] of WRITTEN.entries()) {
      await pool.query(
        `INSERT INTO posts (id, title, slug, slug_id, content_markdown, user_id, board_id, roadmap_id, created_at, updated_at)
         VALUES ($1, $2, $1, $1, $3, 'u1', NULL, NULL, $4, $4)`,
        [`w${n}`, post.title, post.content, at(n)],
      );
    }
    await pool.query(
      `INSERT INTO votes (id, user_id, post_id, created_at)
       SELECT 'v' || u || '-' || p, 'u' || u, lpad(p::text, 6, '0'), $1
         FROM generate_series(1, 3) u, generate_series(1, 2500) p WHERE p % 4 < u`,
      [at(0)],
    );
    await pool.query(`INSERT INTO votes (id, user_id, post_id, created_at) VALUES ('vw', 'u2', 'w0', $1)`, [at(0)]);

    t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 3)), [3]);

    const { rows } = await pool.query<{ id: string; title: string; content: string | null; search: string[]; titles: string[]; votes: number }>(
      `SELECT id, title, content_markdown AS content, search_words AS search, title_words AS titles, votes_count AS votes,
              (SELECT count(*)::int FROM votes v WHERE v.post_id = p.id) AS actual
         FROM posts p ORDER BY id`,
    );
    t.is(rows.length, 2500 + WRITTEN.length);
    let wrong = 0;
    for (const row of rows) {
      const expected = { search: postSearchWords(row.title, row.content), titles: searchWords(row.title) };
      if (JSON.stringify([row.search, row.titles]) !== JSON.stringify([expected.search, expected.titles])) wrong += 1;
    }
    t.is(wrong, 0, 'posts whose stored words differ from the JavaScript definition');
    const byId = new Map(rows.map((row) => [row.id, row]));
    t.deepEqual(byId.get('w0')?.search.sort(), ['at', 'bright', 'dark', 'dashboard', 'for', 'is', 'mode', 'night', 'please', 'the', 'too']);
    t.deepEqual(byId.get('w1')?.titles, ['unicode', 'темная', 'тема']);
    t.deepEqual(byId.get('w2')?.search.sort(), ['csv', 'export', 'json', '暗色模式']);
    t.deepEqual(byId.get('w3')?.search, []);
    t.deepEqual(
      [1, 2, 3, 4, 2500].map((n) => byId.get(String(n).padStart(6, '0'))?.votes),
      [2, 1, 0, 3, 3],
    );
    t.is(byId.get('w0')?.votes, 1);
    const { rows: wrongCounts } = await pool.query(
      'SELECT id FROM posts p WHERE votes_count <> (SELECT count(*) FROM votes v WHERE v.post_id = p.id)',
    );
    t.deepEqual(wrongCounts, []);

    // The planner has statistics on the new index, and the repository finds posts by their words.
    const stats = await pool.query("SELECT 1 FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'posts_search_idx'");
    t.is(stats.rowCount, 1);
    // The repository reads the columns of the newest schema: the later migrations come first.
    await migrate(pool);
    const posts = createPostsRepo(pool);
    const found = await posts.query({ words: ['dar', 'mo'], visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 10 });
    t.deepEqual(
      found.map((post) => post.id),
      ['w0'],
    );
    const similar = await posts.similar({ words: ['export'], titleWords: ['export'], visibleBoardsOnly: false, limit: 5 });
    t.deepEqual(
      similar.map((post) => post.id),
      ['w2'],
    );
  });
});
