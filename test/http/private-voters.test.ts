/*
 * Private voters (API.md §8.9): on a board with view_voters false, who voted is the team's
 * business. Callers without vote:assign see the counts and their own vote, never anyone else's,
 * in every Post answer, in the answers of the vote routes and in GET /posts/:post_id/votes.
 */
import test, { type ExecutionContext } from 'ava';
import { systemActor } from '../../src/admin/system-actor.js';
import { createWebhook } from '../../src/services/webhooks/endpoints.js';
import { TEAM_ROLE_ID } from '../../src/storage/seed.js';
import type { PostRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, OWNER, type Persona, voteAt } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { startWebhookReceiver } from '../_helpers/webhook-receiver.js';

const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();
const INVALID_CURSOR = { message: 'Invalid cursor value', code: 'INVALID_CURSOR' };

interface Stage {
  server: TestServer;
  owner: Persona;
  /** Holds the Team role, and with it vote:assign. */
  teammate: Persona;
  author: Persona;
  voter: Persona;
  bystander: Persona;
  /** On a board that hides its voters, with votes by `author` and `voter`. */
  quiet: PostRow;
  /** On a board that shows them, with the same votes. */
  open: PostRow;
  boardId: string;
}

async function startStage(t: ExecutionContext, options: { worker?: boolean } = {}): Promise<Stage> {
  const server = await startTestServer({}, options);
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  const teammate = await createMember(server.ctx, { name: 'Tessa' });
  await server.request('PUT', `/roles/${TEAM_ROLE_ID}/users/${teammate.user.id}`, { token: owner.token });
  const [author, voter, bystander] = [await createMember(server.ctx, { name: 'Author' }), await createMember(server.ctx, { name: 'Voter' }), await createMember(server.ctx)];
  const privateBoard = await createBoard(server.ctx, { url: 'private', name: 'Private dark ideas', viewVoters: false });
  const publicBoard = await createBoard(server.ctx, { url: 'public', viewVoters: true });
  const quiet = await createPostAt(server.ctx, author.user, { title: 'Dark mode', boardId: privateBoard.id, createdAt: at(1) });
  const open = await createPostAt(server.ctx, author.user, { title: 'Dark theme', boardId: publicBoard.id, createdAt: at(0) });
  for (const post of [quiet, open]) {
    await voteAt(server.ctx, author.user, post, at(2));
    await voteAt(server.ctx, voter.user, post, at(3));
  }
  return { server, owner, teammate, author, voter, bystander, quiet, open, boardId: privateBoard.id };
}

/** The voter names listed in `voters.votes` of each post, from POST /posts/get as `token` sees it. */
async function listedVoters(server: TestServer, token?: string): Promise<Record<string, string[]>> {
  const response = await server.request('POST', '/posts/get', { ...(token ? { token } : {}), body: {} });
  return Object.fromEntries(
    response.body.posts.map((post: { title: string; voters: { votes: Array<{ name: string }> } }) => [post.title, post.voters.votes.map((vote) => vote.name)]),
  );
}

test('Post answers: voters.votes holds at most the caller’s own vote where the board hides voters; counts and viewerVote unchanged', async (t) => {
  const { server, owner, teammate, voter, bystander, quiet } = await startStage(t);
  t.deepEqual(await listedVoters(server, owner.token), { 'Dark mode': ['Voter', 'Author'], 'Dark theme': ['Voter', 'Author'] });
  t.deepEqual(await listedVoters(server), { 'Dark mode': [], 'Dark theme': ['Voter', 'Author'] }, 'right after the owner: the shared views do not leak');
  t.deepEqual(await listedVoters(server, bystander.token), { 'Dark mode': [], 'Dark theme': ['Voter', 'Author'] });
  t.deepEqual(await listedVoters(server, voter.token), { 'Dark mode': ['Voter'], 'Dark theme': ['Voter', 'Author'] });
  t.deepEqual(await listedVoters(server, teammate.token), { 'Dark mode': ['Voter', 'Author'], 'Dark theme': ['Voter', 'Author'] }, 'vote:assign sees them all');

  const bySlug = await server.request('POST', '/posts/slug', { token: voter.token, body: { postId: quiet.id } });
  t.like(bySlug.body.post.voters, { votesCount: 2, viewerVote: { userId: voter.user.id } });
  t.deepEqual(
    bySlug.body.post.voters.votes.map((vote: { userId: string }) => vote.userId),
    [voter.user.id],
  );
  const similar = await server.request('POST', '/posts/similar', { body: { title: 'dark mode' } });
  const found = similar.body.posts.find((post: { postId: string }) => post.postId === quiet.id);
  t.deepEqual(found.voters, { votes: [], votesCount: 2, viewerVote: null });
});

test('turning view_voters off and on again changes every answer at once', async (t) => {
  const { server, owner, boardId } = await startStage(t);
  t.deepEqual((await listedVoters(server))['Dark mode'], []);
  await server.request('PATCH', '/boards', { token: owner.token, body: { boardId, view_voters: true } });
  t.deepEqual((await listedVoters(server))['Dark mode'], ['Voter', 'Author']);
  await server.request('PATCH', '/boards', { token: owner.token, body: { boardId, view_voters: false } });
  t.deepEqual((await listedVoters(server))['Dark mode'], []);
});

test('GET /posts/:post_id/votes lists only the caller’s own vote; total_count counts every vote; other cursors are invalid', async (t) => {
  const { server, teammate, author, voter, bystander, quiet } = await startStage(t);
  const list = (query: string, token?: string) => server.request('GET', `/posts/${quiet.id}/votes${query}`, token ? { token } : {});
  const anonymous = await list('');
  t.deepEqual(anonymous.body.votes, {
    results: [],
    page_info: { count: 0, current_page: 1, has_next_page: false, start_cursor: null, end_cursor: null },
    total_count: 2,
    total_pages: 1,
    viewerVote: null,
  });
  t.deepEqual((await list('', bystander.token)).body.votes.results, []);
  const own = (await list('?first=1', voter.token)).body.votes;
  const ownVote = own.viewerVote;
  t.is(ownVote.user.userId, voter.user.id);
  t.deepEqual(own.results, [ownVote]);
  t.deepEqual(own.page_info, { count: 1, current_page: 1, has_next_page: false, start_cursor: ownVote.voteId, end_cursor: ownVote.voteId });
  t.like(own, { total_count: 2, total_pages: 2 });
  const past = (await list(`?first=1&after=${ownVote.voteId}`, voter.token)).body.votes;
  t.deepEqual([past.results, past.page_info.current_page, past.page_info.count], [[], 2, 0]);
  const everyone = (await list('', teammate.token)).body.votes;
  t.deepEqual(
    everyone.results.map((entry: { user: { userId: string } }) => entry.user.userId),
    [voter.user.id, author.user.id],
  );
  const authorsVote = everyone.results[1].voteId;
  const refused = await list(`?after=${authorsVote}`, voter.token);
  t.deepEqual([refused.status, refused.body], [400, INVALID_CURSOR], 'another voter’s vote is no cursor of this list');
  t.is((await list(`?after=${authorsVote}`, teammate.token)).status, 200);
  t.deepEqual((await list('?first=0', voter.token)).body.errors[0].path, 'first', 'first is checked before the cursor');
});

test('the vote routes answer the caller’s own vote only, where the board hides voters', async (t) => {
  const { server, bystander, quiet, open } = await startStage(t);
  const added = await server.request('POST', '/votes', { token: bystander.token, body: { postId: quiet.id } });
  t.is(added.status, 201);
  t.like(added.body.voters, { votesCount: 3, viewerVote: { userId: bystander.user.id } });
  t.deepEqual(
    added.body.voters.votes.map((vote: { userId: string }) => vote.userId),
    [bystander.user.id],
  );
  const removed = await server.request('DELETE', '/votes', { token: bystander.token, body: { postId: quiet.id } });
  t.deepEqual(removed.body.voters, { votes: [], votesCount: 2, viewerVote: null });
  const elsewhere = await server.request('POST', '/votes', { token: bystander.token, body: { postId: open.id } });
  t.is(elsewhere.body.voters.votes.length, 3, 'a board that shows voters lists them');
});

test('the owner’s webhook endpoints get every voter, even from a board that hides them', async (t) => {
  const { server, bystander, quiet } = await startStage(t, { worker: true });
  const receiver = await startWebhookReceiver();
  t.teardown(receiver.close);
  await createWebhook(server.ctx, systemActor(), { url: receiver.url, allowPrivate: true, events: ['vote.created'] });
  await server.request('POST', '/votes', { token: bystander.token, body: { postId: quiet.id } });
  const [hook] = await receiver.waitFor(1);
  const { data } = JSON.parse(hook!.body);
  t.is(data.vote.user.userId, bystander.user.id);
  t.is(data.post.voters.votesCount, 3);
  t.is(data.post.voters.votes.length, 3);
});
