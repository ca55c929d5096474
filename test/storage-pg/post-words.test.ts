import test, { type ExecutionContext } from 'ava';
import type pg from 'pg';
import { anyWordQuery, everyPrefixQuery, POST_COLUMNS } from '../../src/storage/postgres/content/post-search.js';
import { createPostsRepo, postSpec } from '../../src/storage/postgres/content/posts.js';
import type { Queryable } from '../../src/storage/postgres/queryable.js';
import { postSearchWords, searchWords } from '../../src/text/search-words.js';
import { postRow } from '../storage/_rows.js';
import { fresh } from './_content.js';
import { pgTests } from './_pg.js';

/*
 * The stored words of posts (migration 3) on PostgreSQL: written by every insert and update, a
 * patch of only the title or only the content included; the search contract itself is tested on
 * both engines by test/storage/post-search.test.ts.
 */

/** The post's stored words (search words sorted); fails the test unless they are what the JavaScript definition gives. */
async function storedWords(t: ExecutionContext, db: pg.Pool, id: string): Promise<{ search: string[]; titles: string[] }> {
  const { rows } = await db.query('SELECT title, content_markdown, search_words, title_words FROM posts WHERE id = $1', [id]);
  const row = rows[0];
  t.deepEqual(row.search_words, postSearchWords(row.title, row.content_markdown), 'search_words');
  t.deepEqual(row.title_words, searchWords(row.title), 'title_words');
  // Sorted: the contract fixes which words a post holds, not their stored order.
  return { search: [...row.search_words].sort(), titles: row.title_words };
}

test('searches read exactly the columns of a post row', (t) => {
  t.is(POST_COLUMNS, Object.values(postSpec.columns).map((column) => `t."${column}"`).join(', '));
});

pgTests((url) => {
  test('insert and every kind of patch store the words of the title and content as they end up', async (t) => {
    const s = await fresh(t, url);
    const user = await s.addUser();
    const post = await s.posts.insert(postRow(user, { title: 'Dark mode', contentMarkdown: 'Too *bright*' }));
    t.deepEqual(await storedWords(t, s.db, post.id), { search: ['bright', 'dark', 'mode', 'too'], titles: ['dark', 'mode'] });
    await s.posts.update(post.id, { title: 'Light mode, light', slug: 'light-mode' });
    t.deepEqual((await storedWords(t, s.db, post.id)).titles, ['light', 'mode', 'light']);
    await s.posts.update(post.id, { contentMarkdown: 'Export CSV' });
    t.deepEqual((await storedWords(t, s.db, post.id)).search, ['csv', 'export', 'light', 'mode']);
    await s.posts.update(post.id, { contentMarkdown: null });
    t.deepEqual((await storedWords(t, s.db, post.id)).search, ['light', 'mode']);
    await s.posts.update(post.id, { title: 'Both', contentMarkdown: 'changed' });
    t.deepEqual((await storedWords(t, s.db, post.id)).search, ['both', 'changed']);
    const moved = await s.posts.update(post.id, { roadmapId: null, updatedAt: post.createdAt });
    t.is(moved.title, 'Both');
    await storedWords(t, s.db, post.id);
  });

  test('a half patch re-reads the post when the other half changed between its read and its write', async (t) => {
    const s = await fresh(t, url);
    const user = await s.addUser();
    const post = await s.posts.insert(postRow(user, { title: 'Dark mode', contentMarkdown: 'first text' }));
    let interfered = false;
    // Another writer changes the content right after the repository read it.
    const racing: Queryable = {
      query: async (text, params) => {
        const result = await s.db.query(text, params);
        if (!interfered && text.startsWith('SELECT title, content_markdown')) {
          interfered = true;
          await s.db.query("UPDATE posts SET content_markdown = 'second text' WHERE id = $1", [post.id]);
        }
        return result;
      },
    };
    const updated = await createPostsRepo(racing).update(post.id, { title: 'Light mode' });
    t.true(interfered);
    t.deepEqual(updated, { ...post, title: 'Light mode', contentMarkdown: 'second text' });
    t.deepEqual((await storedWords(t, s.db, post.id)).search, ['light', 'mode', 'second', 'text']);
    await t.throwsAsync(s.posts.update('00000000-0000-4000-8000-000000000000', { title: 'Nobody' }), { name: 'RowNotFound' });
  });

  test('tsquery texts: quotes and backslashes are escaped, prefixes and exact words mean what they say', async (t) => {
    const s = await fresh(t, url);
    const matches = async (words: string[], query: string) =>
      (await s.db.query('SELECT array_to_tsvector($1::text[]) @@ $2::tsquery AS hit', [words, query])).rows[0].hit as boolean;
    const odd = ["it's", 'back\\slash', 'x:*', 'a&b', '!'];
    t.true(await matches(odd, everyPrefixQuery(odd)));
    t.true(await matches(odd, everyPrefixQuery(["it'", 'back\\'])));
    t.false(await matches(['its'], everyPrefixQuery(["it'"])));
    t.true(await matches(['dark', 'mode'], everyPrefixQuery(['dar', 'mo'])));
    t.false(await matches(['dark', 'mode'], everyPrefixQuery(['dar', 'ode'])));
    t.true(await matches(['dark', 'mode'], anyWordQuery(['light', 'mode'])));
    t.false(await matches(['dark', 'mode'], anyWordQuery(['dar', 'mod'])), 'similar words match whole words only');
    t.true(await matches(['暗色模式', 'темная'], everyPrefixQuery(['暗色', 'тем'])));
  });
});
