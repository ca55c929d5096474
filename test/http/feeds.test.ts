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

test('the changelog’s feed is valid Atom: published entries newest first, linking to their pages; drafts and hidden boards’ ideas never in it', async (t) => {
  const { server, owner } = await startCast('board:read', t);
  const shown = await createBoard(server.ctx, { name: 'Ideas', url: 'ideas', display: true });
  const hidden = await createBoard(server.ctx, { name: 'Internal', url: 'internal', display: false });
  const post = async (title: string, boardId: string) => (await server.request('POST', '/posts', { token: owner.token, body: { title, boardId } })).body.post;
  const visible = await post('Dark mode', shown.id);
  const secret = await post('Secret migration', hidden.id);
  const entry = async (title: string, postIds: string[], publish: boolean) => {
    const made = (await server.request('POST', '/changelog', { token: owner.token, body: { title, contentMarkdown: 'Now **live** <for> everyone', labels: ['new'], postIds } })).body.entry;
    if (publish) t.is((await server.request('POST', `/changelog/${made.entryId}/publish`, { token: owner.token, body: {} })).status, 200);
    return made;
  };
  const first = await entry('First light', [visible.postId, secret.postId], true);
  const second = await entry('Second wind', [], true);
  await entry('Not yet', [], false);

  const site = server.ctx.config.publicUrl;
  const response = await server.request('GET', '/changelog/feed.atom', { fromRoot: true });
  t.is(response.status, 200);
  t.is(response.headers.get('content-type'), 'application/atom+xml; charset=utf-8');
  const { problems, feed } = checkAtom(response.text);
  t.deepEqual(problems, []);
  t.is(feed?.id, `${site}/changelog`);
  t.deepEqual(
    feed?.entries.map((item) => [item.title, item.link, item.id]),
    [
      ['Second wind', `${site}/changelog/${second.slug}`, `urn:uuid:${second.entryId}`],
      ['First light', `${site}/changelog/${first.slug}`, `urn:uuid:${first.entryId}`],
    ],
  );
  t.is(feed?.entries[1]?.summary, 'Now **live** &lt;for&gt; everyone Answers: Dark mode.');
  t.false(response.text.includes('Secret migration'), 'an idea on a hidden board is never named');
  t.false(response.text.includes('Not yet'), 'a draft is not out');
});
