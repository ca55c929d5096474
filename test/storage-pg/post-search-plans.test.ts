import test from 'ava';
import pg from 'pg';
import { postQuerySql, type Statement, similarPostsSql } from '../../src/storage/postgres/content/post-search.js';
import { migrate } from '../../src/storage/postgres/migrate.js';
import type { PostQuery } from '../../src/storage/types.js';
import { freshSchema, pgTests } from './_pg.js';

/*
 * At 100k posts, searching by words and ordering by votes must never read the whole posts table:
 * the exact SQL the repository runs is EXPLAINed as a prepared statement both ways PostgreSQL may
 * plan it, for these values (custom plan) and for any values (generic plan, which a named
 * statement switches to after a few runs).
 */

const POSTS = 100_000;
const SYLLABLES = "'{ka,ro,mi,dar,mo,de,lin,ex,port,sa,ve,to,ne,li,gu,pa,fe,bri,sto,cha,ta,plu,zo,we,qui}'::text[]";

/**
 * A board of 100k posts filled by SQL alone: four boards (b3 hidden), one roadmap on a tenth of the
 * posts, a tenth without a board. Each post holds 5–29 words of a 5,000-word vocabulary of made-up
 * words, skewed so a few are in a fifth of the posts and most in a handful; vote counts are
 * skewed the same way (most posts 0–2 votes, a few up to 199).
 */
const FILL = `
INSERT INTO users (id, email, email_lower, username, name, password_hash, is_owner, is_verified, is_blocked,
                   token_version, notes, created_at, updated_at)
VALUES ('u0', 'u0@example.org', 'u0@example.org', 'u0', 'U', 'h', false, true, false, 0, NULL, now(), now());
INSERT INTO boards (id, name, name_lower, url, color, display, view_voters, created_at, updated_at)
SELECT 'b' || n, 'B' || n, 'b' || n, 'b' || n, '000000', n <> 3, true, now(), now() FROM generate_series(0, 3) n;
INSERT INTO roadmaps (id, name, name_lower, url, color, "index", display, created_at, updated_at)
VALUES ('r0', 'R', 'r', 'r', '000000', 1, true, now(), now());
SELECT setseed(0.42);
INSERT INTO posts (id, title, slug, slug_id, content_markdown, user_id, board_id, roadmap_id, created_at, updated_at,
                   search_words, title_words, votes_count)
SELECT lpad(to_hex(g), 8, '0') || '-0000-4000-8000-000000000000', 'Post ' || g, 'post-' || g, g::text, NULL, 'u0',
       CASE WHEN g % 10 = 0 THEN NULL ELSE 'b' || (g % 4) END, CASE WHEN g % 10 = 1 THEN 'r0' END,
       timestamptz '2020-01-01' + g * interval '10 minutes', timestamptz '2020-01-01' + g * interval '10 minutes',
       w.words, w.words[1:4], floor(200 * random() ^ 6)::int
  FROM generate_series(1, ${POSTS}) g,
       LATERAL (SELECT array_agg(DISTINCT s[1 + k % 25] || s[1 + k / 25 % 25] || s[1 + k / 625]) AS words
                  FROM (SELECT floor(5000 * random() ^ 2)::int AS k, ${SYLLABLES} AS s
                          FROM generate_series(1, 5 + g % 25)) picked) w;
ANALYZE posts;
ANALYZE boards;
`;

const page = { visibleBoardsOnly: true, direction: 'desc', offset: 0, limit: 10 } as const satisfies PostQuery;

/** Each statement the repository runs for these cases; `ordered` ones must read a votes index in order, no sort. */
const CASES: Array<{ name: string; sql: Statement; ordered?: string }> = [
  { name: '1 common prefix, by date', sql: postQuerySql({ ...page, words: ['dar'] }) },
  { name: '1 rare word, by date', sql: postQuerySql({ ...page, words: ['lintodar'] }) },
  { name: 'a word no post has, by date', sql: postQuerySql({ ...page, words: ['zzz'] }) },
  { name: '2 words, by date, oldest first', sql: postQuerySql({ ...page, direction: 'asc', words: ['dar', 'mo'] }) },
  { name: '1 common prefix, by votes', sql: postQuerySql({ ...page, orderBy: 'votes', words: ['dar'] }) },
  { name: '1 rare word, by votes', sql: postQuerySql({ ...page, orderBy: 'votes', words: ['lintodar'] }) },
  { name: '2 words, by votes', sql: postQuerySql({ ...page, orderBy: 'votes', words: ['dar', 'mo'] }) },
  { name: 'by votes, page 1', sql: postQuerySql({ ...page, orderBy: 'votes' }), ordered: 'posts_votes_idx' },
  {
    name: 'by votes, offset 4990, hidden boards included',
    sql: postQuerySql({ ...page, orderBy: 'votes', offset: 4990, visibleBoardsOnly: false }),
    ordered: 'posts_votes_idx',
  },
  { name: 'by votes, one board', sql: postQuerySql({ ...page, orderBy: 'votes', boardIds: ['b1'] }), ordered: 'posts_board_votes_idx' },
  {
    name: 'by votes, one board, offset 4990',
    sql: postQuerySql({ ...page, orderBy: 'votes', boardIds: ['b1'], offset: 4990 }),
    ordered: 'posts_board_votes_idx',
  },
  { name: 'by votes, two boards', sql: postQuerySql({ ...page, orderBy: 'votes', boardIds: ['b1', 'b2'] }) },
  { name: 'by votes, roadmap', sql: postQuerySql({ ...page, orderBy: 'votes', roadmapId: 'r0' }), ordered: 'posts_roadmap_votes_idx' },
  { name: '1 word, one board, by date', sql: postQuerySql({ ...page, boardIds: ['b1'], words: ['dar'] }) },
  { name: '1 word, one board, by votes', sql: postQuerySql({ ...page, orderBy: 'votes', boardIds: ['b2'], words: ['mo'] }) },
  {
    name: 'similar, a common and a rare word',
    sql: similarPostsSql({ words: ['darkaka', 'lintodar'], titleWords: ['darkaka', 'lintodar'], visibleBoardsOnly: true, limit: 5 }),
  },
  {
    name: 'similar, one board',
    sql: similarPostsSql({ words: ['kakaka', 'rokaka'], titleWords: ['kakaka', 'the', 'rokaka'], boardId: 'b1', visibleBoardsOnly: false, limit: 5 }),
  },
];

/** A parameter value as a SQL literal for EXECUTE (arrays in their text form). */
function literal(client: pg.Client, value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.map((item) => `"${String(item)}"`).join(',')}}`);
  return client.escapeLiteral(String(value));
}

pgTests((url) => {
  test(`at ${POSTS / 1000}k posts no word search, votes order or similar-posts query reads the posts table whole`, async (t) => {
    const started = Date.now();
    const { url: schemaUrl } = await freshSchema(t, url);
    const client = new pg.Client({ connectionString: schemaUrl });
    await client.connect();
    t.teardown(() => client.end());
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    await migrate(pool);
    await pool.end();
    // Compiling the fill's expressions takes longer than running them.
    await client.query('SET jit = off');
    await client.query(FILL);
    t.log(`schema filled and analyzed in ${Date.now() - started} ms`);
    for (const { name, sql, ordered } of CASES) {
      await client.query(`PREPARE q AS ${sql.text}`);
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await client.query(`SET plan_cache_mode = ${mode}`);
        const { rows } = await client.query(`EXPLAIN (COSTS OFF) EXECUTE q(${sql.values.map((v) => literal(client, v)).join(', ')})`);
        const plan = rows.map((row) => row['QUERY PLAN'] as string).join('\n');
        t.notRegex(plan, /Seq Scan on posts/, `${name} (${mode}):\n${plan}`);
        if (ordered) {
          t.regex(plan, new RegExp(`Index Scan using ${ordered} on posts`), `${name} (${mode}):\n${plan}`);
          t.notRegex(plan, /Sort/, `${name} (${mode}):\n${plan}`);
        }
      }
      await client.query('DEALLOCATE q');
    }
    t.log(`done in ${Date.now() - started} ms`);
  });
});
