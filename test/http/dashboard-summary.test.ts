// feedbackd's extension GET /dashboard/summary: the overview's counts and newest comments, with
// dashboard:read, and never a comment the caller could not see elsewhere (API.md §2.7).
import test from 'ava';
import { createBoard, createMember, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

let server: TestServer;
let owner: Persona;

test.before(async () => {
  server = await startTestServer();
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken };
});
test.after.always(() => server?.close());

async function post(boardId: string, title: string) {
  const created = await server.request('POST', '/posts', { token: owner.token, body: { title, boardId } });
  return created.body.post as { postId: string; slug: string };
}

async function comment(postId: string, body: string, internal = false) {
  const created = await server.request('POST', `/posts/${postId}/comments`, { token: owner.token, body: { body, is_internal: internal } });
  if (created.status !== 201) throw new Error(`comment: ${created.status} ${created.text}`);
}

const summaryOf = async (persona: Persona) => (await server.request('GET', '/dashboard/summary', { token: persona.token })).body.summary;

// One test: the counts are of the whole server, so the steps must not interleave with another test's writes.
test.serial('the counts of everything, the newest visible comments first, and who may ask', async (t) => {
  await server.request('PATCH', '/settings/labs', { token: owner.token, body: { comments: true } });
  const shown = await createBoard(server.ctx, { name: 'Ideas' });
  const hidden = await createBoard(server.ctx, { name: 'Team only', display: false });
  const open = await post(shown.id, 'Dark mode');
  const secret = await post(hidden.id, 'Next big thing');
  await comment(open.postId, 'First!');
  await comment(open.postId, 'Team note', true);
  await comment(secret.postId, 'On the hidden board');
  await comment(open.postId, 'Newest public');

  const full = await summaryOf(owner);
  t.deepEqual(full.counts, { posts: 2, votes: 2, users: 1, boards: 2, roadmaps: 0, comments: 4, waiting: 0 });
  t.deepEqual(
    full.newest_comments.map((entry: { comment: { body: string } }) => entry.comment.body),
    ['Newest public', 'On the hidden board', 'Team note', 'First!'],
  );
  const [newest] = full.newest_comments;
  t.deepEqual(newest.post, { postId: open.postId, title: 'Dark mode', slug: open.slug });
  t.is(newest.author.username, owner.user.username);
  t.like(newest.comment, { is_internal: false, parent_id: null });

  // dashboard:read alone: no internal notes, nothing of the hidden board; the counts stay whole.
  const reader = await createMember(server.ctx, { permissions: ['dashboard:read'] });
  const partial = await summaryOf(reader);
  t.is(partial.counts.users, 2);
  t.deepEqual(
    partial.newest_comments.map((entry: { comment: { body: string } }) => entry.comment.body),
    ['Newest public', 'First!'],
  );

  const refused = await server.request('GET', '/dashboard/summary', { token: (await createMember(server.ctx)).token });
  t.is(refused.status, 403);
  t.deepEqual(refused.body, { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' });
  t.is((await server.request('GET', '/dashboard/summary')).status, 401);
  const method = await server.request('POST', '/dashboard/summary', { token: owner.token });
  t.is(method.status, 405);
  t.is(method.headers.get('allow'), 'GET, HEAD, OPTIONS');
});

test.serial('only five comments, found past a run of comments the caller may not see', async (t) => {
  const hidden = await createBoard(server.ctx, { display: false });
  const shown = await createBoard(server.ctx);
  const visible = await post(shown.id, 'Visible idea');
  for (let i = 1; i <= 6; i++) await comment(visible.postId, `visible ${i}`);
  const secret = await post(hidden.id, 'Hidden idea');
  for (let i = 1; i <= 25; i++) await comment(secret.postId, `hidden ${i}`);
  const reader = await createMember(server.ctx, { permissions: ['dashboard:read'] });
  const bodies = (await summaryOf(reader)).newest_comments.map((entry: { comment: { body: string } }) => entry.comment.body);
  t.deepEqual(bodies, ['visible 6', 'visible 5', 'visible 4', 'visible 3', 'visible 2']);
});
