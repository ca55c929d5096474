// A displayed board's Atom feed (issue 30): `/b/<url>/feed.atom`, valid Atom 1.0 by the checker in
// test/_helpers/atom.ts, newest ideas first with links to their pages; a hidden or unknown board
// has none; the ideas' own words are never read as markup.
import test from 'ava';
import { checkAtom } from '../_helpers/atom.js';
import { createBoard, startCast } from '../_helpers/personas.js';

test('a displayed board’s feed is valid Atom: newest ideas first, each linking to its page; hidden and unknown boards have none', async (t) => {
  const { server, owner } = await startCast('board:read', t);
  const board = await createBoard(server.ctx, { name: 'Ideas & wishes', url: 'ideas', display: true });
  const hidden = await createBoard(server.ctx, { name: 'Internal', url: 'internal', display: false });
  const post = async (title: string, contentMarkdown: string | null, boardId = board.id) =>
    (await server.request('POST', '/posts', { token: owner.token, body: { title, contentMarkdown, boardId } })).body.post;
  const first = await post('Тёмная тема', 'Пожалуйста, **тёмную** тему');
  const second = await post('Export <b>bold</b> & more', '<script>alert(1)</script> and `code`');
  await post('Secret plan', null, hidden.id);

  const site = server.ctx.config.publicUrl;
  const response = await server.request('GET', '/b/ideas/feed.atom', { fromRoot: true });
  t.is(response.status, 200);
  t.is(response.headers.get('content-type'), 'application/atom+xml; charset=utf-8');
  const { problems, feed } = checkAtom(response.text);
  t.deepEqual(problems, []);
  t.is(feed?.title, 'Ideas & wishes · Feedback', 'the board, then the site’s title');
  t.deepEqual(
    feed?.entries.map((entry) => [entry.title, entry.link, entry.id]),
    [
      ['Export <b>bold</b> & more', `${site}/p/${second.slug}`, `urn:uuid:${second.postId}`],
      ['Тёмная тема', `${site}/p/${first.slug}`, `urn:uuid:${first.postId}`],
    ],
  );
  t.is(feed?.entries[0]?.summary, '&lt;script&gt;alert(1)&lt;/script&gt; and `code`', 'the summary is HTML whose text is the idea’s own words');
  t.false(response.text.includes('<script>'));

  for (const path of ['/b/internal/feed.atom', '/b/nowhere/feed.atom', '/b/%E0%A4%A/feed.atom']) {
    const missing = await server.request('GET', path, { fromRoot: true });
    t.is(missing.status, 404, path);
    t.false(missing.text.includes('Secret plan'));
  }
});

test('the Atom checker refuses what RFC 4287 forbids', (t) => {
  const entry = (inner: string) => `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><id>urn:x:1</id><title>F</title><updated>2026-11-29T00:00:00Z</updated>${inner}</feed>`;
  t.deepEqual(checkAtom(entry('')).problems, []);
  t.deepEqual(checkAtom(entry('<entry><title>A</title><updated>yesterday</updated><author><name>Ada</name></author><link href="/p/a"/></entry>')).problems, [
    'entry 1: no <id>',
    'entry 1: updated is not an RFC 3339 date',
    'entry 1: a link without an absolute href',
  ]);
  t.deepEqual(checkAtom(entry('<entry><id>urn:x:2</id><title>B</title><updated>2026-11-29T00:00:00Z</updated></entry>')).problems, ['entry 1: no author, and the feed has none', 'entry 1: no content and no alternate link']);
  t.regex(checkAtom('<feed><id>x</feed>').problems[0] ?? '', /not well-formed/);
});
