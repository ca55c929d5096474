/*
 * The changelog routes (issue 30 §1) on both engines: writing, reading and deleting entries,
 * validation messages, permissions (a member without them, the owner, a role granting them),
 * drafts hidden from the public, linked posts on hidden boards never shown to those who cannot
 * see them, the `postId` filter, and OPTIONS/Allow.
 */
import test, { type ExecutionContext } from 'ava';
import { createBoard, createMember, createRoadmap, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

interface Board {
  server: TestServer;
  owner: Persona;
  member: Persona;
  writer: Persona;
}

async function startBoard(t: ExecutionContext): Promise<Board> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  const member = await createMember(server.ctx);
  const writer = await createMember(server.ctx, { permissions: ['changelog:create'] });
  return { server, owner, member, writer };
}

async function newPost(board: Board, title: string, boardId?: string): Promise<string> {
  const answer = await board.server.request('POST', '/posts', { token: board.owner.token, body: { title, ...(boardId ? { boardId } : {}) } });
  return answer.body.post.postId as string;
}

test('the owner writes a draft, changes it, reads it by slug or id; a new title keeps the slug’s tail', async (t) => {
  const board = await startBoard(t);
  const { server, owner } = board;
  const postId = await newPost(board, 'Dark mode');
  const created = await server.request('POST', '/changelog', {
    token: owner.token,
    body: { title: '  Dark mode is here ', contentMarkdown: 'At **night**.', labels: ['fixed', 'new', 'fixed'], postIds: [postId] },
  });
  t.is(created.status, 201);
  const entry = created.body.entry;
  t.like(entry, { title: 'Dark mode is here', contentMarkdown: 'At **night**.', labels: ['new', 'fixed'], status: 'draft', publishAt: null, publishedAt: null, moveToRoadmapId: null });
  t.regex(entry.slug, /^dark-mode-is-here-[0-9a-z]{8}$/);
  t.deepEqual(entry.posts, [{ postId, title: 'Dark mode', slug: (await server.ctx.storage.posts.get(postId))!.slug }]);
  t.is(entry.author.userId, owner.user.id);
  for (const key of [entry.slug, entry.entryId]) t.is((await server.request('GET', `/changelog/${key}`, { token: owner.token })).body.entry.entryId, entry.entryId);
  const changed = await server.request('PATCH', `/changelog/${entry.entryId}`, { token: owner.token, body: { title: 'Night mode', labels: null, postIds: [] } });
  t.is(changed.status, 200);
  t.like(changed.body.entry, { title: 'Night mode', labels: [], posts: [], contentMarkdown: 'At **night**.' });
  t.is(changed.body.entry.slug, `night-mode-${entry.slug.split('-').at(-1)}`);
  t.is((await server.request('DELETE', `/changelog/${entry.entryId}`, { token: owner.token })).status, 204);
  t.like((await server.request('GET', `/changelog/${entry.entryId}`, { token: owner.token })).body, { code: 'CHANGELOG_ENTRY_NOT_FOUND', message: 'Changelog entry not found' });
  t.truthy(await server.ctx.storage.posts.get(postId), 'the post stays');
});

test('validation: the messages and codes the OpenAPI document names, in its order', async (t) => {
  const { server, owner } = await startBoard(t);
  const post = (body: unknown) => server.request('POST', '/changelog', { token: owner.token, body });
  const refused = async (body: unknown) => {
    const { status, body: answer } = await post(body);
    return { status, code: answer.code, message: answer.message };
  };
  t.deepEqual(await refused({ title: '   ' }), { status: 400, code: 'CHANGELOG_TITLE_MISSING', message: 'Changelog title missing' });
  t.deepEqual(await refused({ title: 'x'.repeat(201) }), { status: 400, code: 'CHANGELOG_TITLE_TOO_LONG', message: 'Changelog title cannot exceed 200 characters' });
  t.deepEqual(await refused({ title: 'Ok', contentMarkdown: 'x'.repeat(50_001) }), { status: 400, code: 'CHANGELOG_CONTENT_TOO_LONG', message: 'Changelog content cannot exceed 50000 characters' });
  t.deepEqual(await refused({ title: 'Ok', labels: ['new', 'shiny'] }), { status: 400, code: 'VALIDATION_ERROR', message: 'labels.1 must be one of new, improved, fixed' });
  t.deepEqual(await refused({ title: 'Ok', postIds: ['nope'] }), { status: 400, code: 'VALIDATION_ERROR', message: 'postIds.0 must be a UUID' });
  t.deepEqual(await refused({ title: 'Ok', moveToRoadmapId: 7 }), { status: 400, code: 'VALIDATION_ERROR', message: 'moveToRoadmapId must be a UUID' });
  const missing = '0b5a6a9e-0000-4000-8000-00000000dead';
  t.deepEqual(await refused({ title: 'Ok', postIds: [missing] }), { status: 404, code: 'POST_NOT_FOUND', message: 'Post not found' });
  t.deepEqual(await refused({ title: 'Ok', moveToRoadmapId: missing }), { status: 404, code: 'ROADMAP_NOT_FOUND', message: 'Roadmap not found' });
  const entry = (await post({ title: 'Ok' })).body.entry;
  const publish = (body: unknown) => server.request('POST', `/changelog/${entry.entryId}/publish`, { token: owner.token, body });
  t.like((await publish({ publishAt: 'tomorrow' })).body, { code: 'VALIDATION_ERROR', message: 'publishAt must be an ISO 8601 date and time with a time zone, e.g. 2026-03-01T09:00:00Z' });
  t.is((await publish({})).status, 200);
  t.like((await publish({})).body, { code: 'CHANGELOG_ALREADY_PUBLISHED', message: 'This changelog entry is already published' });
  t.is((await publish({})).status, 409);
});

test('permissions: a member without them gets 403 on every write; a role granting changelog:create writes and edits its own entries only', async (t) => {
  const board = await startBoard(t);
  const { server, owner, member, writer } = board;
  const forbidden = { code: 'NOT_ENOUGH_PERMISSION', message: 'You do not have permission to perform this action.' };
  const ownEntry = (await server.request('POST', '/changelog', { token: owner.token, body: { title: 'Owner’s' } })).body.entry;
  for (const [method, path] of [
    ['POST', '/changelog'],
    ['PATCH', `/changelog/${ownEntry.entryId}`],
    ['DELETE', `/changelog/${ownEntry.entryId}`],
    ['POST', `/changelog/${ownEntry.entryId}/publish`],
  ] as const) {
    const answer = await server.request(method, path, { token: member.token, body: { title: 'Mine' } });
    t.is(answer.status, 403, `${method} ${path}`);
    t.deepEqual(answer.body, forbidden);
  }
  const mine = await server.request('POST', '/changelog', { token: writer.token, body: { title: 'Writer’s' } });
  t.is(mine.status, 201);
  t.is((await server.request('PATCH', `/changelog/${mine.body.entry.entryId}`, { token: writer.token, body: { title: 'Better' } })).status, 200);
  t.is((await server.request('PATCH', `/changelog/${ownEntry.entryId}`, { token: writer.token, body: { title: 'Taken' } })).status, 403, 'not their entry');
  t.is((await server.request('DELETE', `/changelog/${mine.body.entry.entryId}`, { token: writer.token })).status, 403, 'deleting takes changelog:destroy');
  const editor = await createMember(server.ctx, { permissions: ['changelog:update', 'changelog:destroy'] });
  t.is((await server.request('PATCH', `/changelog/${ownEntry.entryId}`, { token: editor.token, body: { labels: ['improved'] } })).status, 200);
  t.is((await server.request('DELETE', `/changelog/${ownEntry.entryId}`, { token: editor.token })).status, 204);
  t.is((await server.request('POST', '/changelog', { token: editor.token, body: { title: 'x' } })).status, 403, 'creating takes changelog:create');
  t.is((await server.request('POST', '/changelog', { body: { title: 'x' } })).status, 401);
});

test('drafts and scheduled entries are the team’s: the public lists and finds published ones only, newest first, paged', async (t) => {
  const board = await startBoard(t);
  const { server, owner, member } = board;
  const write = async (title: string) => (await server.request('POST', '/changelog', { token: owner.token, body: { title } })).body.entry.entryId as string;
  const first = await write('First');
  const draft = await write('Draft');
  const later = await write('Later');
  const second = await write('Second');
  await server.request('POST', `/changelog/${first}/publish`, { token: owner.token });
  await new Promise((resolve) => setTimeout(resolve, 5));
  await server.request('POST', `/changelog/${second}/publish`, { token: owner.token });
  const scheduled = await server.request('POST', `/changelog/${later}/publish`, { token: owner.token, body: { publishAt: '2099-01-01T00:00:00+02:00' } });
  t.like(scheduled.body.entry, { status: 'scheduled', publishAt: '2098-12-31T22:00:00.000Z', publishedAt: null });
  for (const token of [undefined, member.token]) {
    const listed = await server.request('GET', '/changelog', { ...(token ? { token } : {}) });
    t.deepEqual(listed.body.entries.map((entry: { title: string }) => entry.title), ['Second', 'First']);
    t.like(listed.body, { page: 1, limit: 20, total_count: 2, has_next_page: false });
    t.is((await server.request('GET', `/changelog/${draft}`, { ...(token ? { token } : {}) })).status, 404);
    t.is((await server.request('GET', `/changelog/${later}`, { ...(token ? { token } : {}) })).status, 404);
  }
  const team = await server.request('GET', '/changelog?limit=2&page=1', { token: owner.token });
  t.deepEqual(team.body.entries.map((entry: { title: string }) => entry.title), ['Later', 'Second']);
  t.like(team.body, { total_count: 4, has_next_page: true });
  const next = await server.request('GET', '/changelog?limit=2&page=2', { token: owner.token });
  t.deepEqual(next.body.entries.map((entry: { title: string }) => entry.title), ['First', 'Draft']);
  t.like((await server.request('GET', '/changelog?limit=0')).body, { code: 'VALIDATION_ERROR' });
});

test('linked posts on a hidden board or a hidden roadmap are never shown to those who cannot see them', async (t) => {
  const board = await startBoard(t);
  const { server, owner, member } = board;
  const hidden = await createBoard(server.ctx, { display: false });
  const secretRoadmap = await createRoadmap(server.ctx, { name: 'Secret', display: false });
  const open = await newPost(board, 'Open idea');
  const secret = await newPost(board, 'Secret idea', hidden.id);
  const entryId = (await server.request('POST', '/changelog', { token: owner.token, body: { title: 'Release', postIds: [secret, open], moveToRoadmapId: secretRoadmap.id } })).body.entry.entryId;
  t.deepEqual((await server.request('GET', `/changelog/${entryId}`, { token: owner.token })).body.entry.posts.map((p: { title: string }) => p.title), ['Secret idea', 'Open idea']);
  await server.request('POST', `/changelog/${entryId}/publish`, { token: owner.token });
  for (const token of [undefined, member.token]) {
    const seen = (await server.request('GET', `/changelog/${entryId}`, { ...(token ? { token } : {}) })).body.entry;
    t.deepEqual(seen.posts.map((p: { title: string }) => p.title), ['Open idea']);
    t.is(seen.moveToRoadmapId, null);
    t.false(JSON.stringify((await server.request('GET', '/changelog', { ...(token ? { token } : {}) })).body).includes('Secret'));
    t.is((await server.request('GET', `/changelog?postId=${secret}`, { ...(token ? { token } : {}) })).status, 404, 'the hidden post is no post');
  }
  const writer = board.writer;
  const refused = await server.request('POST', '/changelog', { token: writer.token, body: { title: 'Mine', postIds: [secret] } });
  t.like(refused.body, { code: 'POST_NOT_FOUND' });
  t.is(refused.status, 404, 'an author links only posts they can see');
});

test('postId lists the published entries that link the post (“Shipped in …”)', async (t) => {
  const board = await startBoard(t);
  const { server, owner } = board;
  const darkMode = await newPost(board, 'Dark mode');
  const export_ = await newPost(board, 'Export');
  const write = async (title: string, postIds: string[]) => (await server.request('POST', '/changelog', { token: owner.token, body: { title, postIds } })).body.entry.entryId as string;
  const shipped = await write('Shipped it', [darkMode, export_]);
  await write('Still a draft', [darkMode]);
  await write('Other', [export_]);
  await server.request('POST', `/changelog/${shipped}/publish`, { token: owner.token });
  const listed = await server.request('GET', `/changelog?postId=${darkMode}`);
  t.deepEqual(listed.body.entries.map((entry: { title: string }) => entry.title), ['Shipped it']);
  t.like((await server.request('GET', '/changelog?postId=nope')).body, { code: 'VALIDATION_ERROR', message: 'postId must be a UUID' });
});

test('OPTIONS answers every changelog path with its Allow; other methods are 405', async (t) => {
  const { server } = await startBoard(t);
  const id = '0b5a6a9e-0000-4000-8000-000000000001';
  const allow = async (path: string) => (await server.request('OPTIONS', path)).headers.get('allow');
  t.is(await allow('/changelog'), 'GET, HEAD, POST, OPTIONS');
  t.is(await allow(`/changelog/${id}`), 'GET, HEAD, PATCH, DELETE, OPTIONS');
  t.is(await allow(`/changelog/${id}/publish`), 'POST, OPTIONS');
  const put = await server.request('PUT', '/changelog');
  t.is(put.status, 405);
  t.is(put.headers.get('allow'), 'GET, HEAD, POST, OPTIONS');
});

test('deleting a linked post unlinks it; the entry stays', async (t) => {
  const board = await startBoard(t);
  const { server, owner } = board;
  const kept = await newPost(board, 'Kept');
  const gone = await newPost(board, 'Gone');
  const entryId = (await server.request('POST', '/changelog', { token: owner.token, body: { title: 'Release', postIds: [gone, kept] } })).body.entry.entryId;
  t.is((await server.request('DELETE', '/posts', { token: owner.token, body: { id: gone } })).status, 204);
  t.deepEqual((await server.request('GET', `/changelog/${entryId}`, { token: owner.token })).body.entry.posts.map((p: { title: string }) => p.title), ['Kept']);
  t.deepEqual((await server.ctx.storage.changelogLinks.listByEntry(entryId)).map((link) => link.postId), [kept]);
});
