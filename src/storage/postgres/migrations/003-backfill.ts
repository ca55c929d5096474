import { postSearchWords, searchWords } from '../../../text/search-words.js';
import type { Queryable } from '../queryable.js';

/** Posts read and written per round trip: 100k posts take 100 reads and 100 updates. */
const BATCH_POSTS = 1000;

/**
 * Fills `search_words`, `title_words` and `votes_count` of every post, a batch at a time in id
 * order: one UPDATE per batch writes each row once (counting votes in a statement of its own
 * rewrote every post a second time: 3.7 s more for 100k posts). The words come as three parallel
 * arrays, a post's words joined by spaces, which no search word holds (words are runs of letters
 * and digits): a list of ragged arrays cannot be one PostgreSQL parameter.
 */
export async function backfillPostWords(client: Queryable): Promise<void> {
  // Each batch's cost estimate (a vote count per post) can pass jit_above_cost, and compiling a
  // plan per batch took longer than running it (measured: 120 ms of JIT for a 60 ms batch).
  await client.query('SET LOCAL jit = off');
  let after = '';
  let updated = 0;
  for (;;) {
    const { rows } = await client.query(
      'SELECT id, title, content_markdown FROM posts WHERE id > $1 ORDER BY id LIMIT $2',
      [after, BATCH_POSTS],
    );
    if (rows.length === 0) break;
    const ids: string[] = [];
    const search: string[] = [];
    const titles: string[] = [];
    for (const row of rows as Array<{ id: string; title: string; content_markdown: string | null }>) {
      ids.push(row.id);
      search.push(postSearchWords(row.title, row.content_markdown).join(' '));
      titles.push(searchWords(row.title).join(' '));
    }
    await client.query(
      `UPDATE posts p
          SET search_words = string_to_array(w.search, ' '),
              title_words = string_to_array(w.title, ' '),
              votes_count = (SELECT count(*) FROM votes v WHERE v.post_id = p.id)
         FROM unnest($1::text[], $2::text[], $3::text[]) AS w(id, search, title)
        WHERE p.id = w.id`,
      [ids, search, titles],
    );
    updated += rows.length;
    after = ids[ids.length - 1]!;
  }
  // The planner estimates word searches from the new expression index's statistics: gather them
  // now rather than when autovacuum next comes by.
  if (updated > 0) await client.query('ANALYZE posts');
}
