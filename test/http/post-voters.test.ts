import { createHash, randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import type { PostRow, VoteRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, OWNER, type Persona, voteAt } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const NOT_FOUND = { message: 'Post not found', code: 'POST_NOT_FOUND' };
const INVALID_CURSOR = { message: 'Invalid cursor value', code: 'INVALID_CURSOR' };
const FIRST_ERROR = {
  message: 'first must be an integer between 1 and 100',
  code: 'VALIDATION_ERROR',
  errors: [{ path: 'first', message: 'first must be an integer between 1 and 100' }],
};
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();
const newestFirst = (a: VoteRow, b: VoteRow) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
const voteIds = (body: { votes: { results: Array<{ voteId: string }> } }) => body.votes.results.map((entry) => entry.voteId);

/** A server with the owner set up through the API. */
async function ownerServer(t: ExecutionContext): Promise<{ server: TestServer; owner: Persona }> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  return { server, owner: { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken } };
}

/** `count` votes on the post by new members, at `time(i)` seconds. */
async function votesOn(server: TestServer, post: PostRow, count: number, time: (i: number) => number): Promise<VoteRow[]> {
  const votes: VoteRow[] = [];
  for (let i = 0; i < count; i++) votes.push(await voteAt(server.ctx, (await createMember(server.ctx)).user, post, at(time(i))));
  return votes;
}

test('a voters page: VoteEntry results, cursor keys, and the viewer’s own vote even off the page', async (t) => {
  const { server, owner } = await ownerServer(t);
  const voter = await createMember(server.ctx, { name: 'Grace Hopper' });
  const post = await createPostAt(server.ctx, owner.user, { createdAt: at(0) });
  const own = await voteAt(server.ctx, voter.user, post, at(1));
  const others = await votesOn(server, post, 3, (i) => 10 + i);
  const response = await server.request('GET', `/posts/${post.id.toUpperCase()}/votes?first=2`, { token: voter.token });
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body), ['votes']);
  t.deepEqual(Object.keys(response.body.votes), ['results', 'page_info', 'total_count', 'total_pages', 'viewerVote']);
  const ownEntry = {
    voteId: own.id,
    createdAt: at(1),
    user: {
      userId: voter.user.id,
      name: 'Grace Hopper',
      avatar: `https://www.gravatar.com/avatar/${createHash('md5').update(voter.user.email).digest('hex')}`,
      username: voter.user.username,
    },
  };
  const newest = others[2]!;
  const newestUser = (await server.ctx.storage.users.get(newest.userId))!;
  t.deepEqual(response.body.votes.results[0], {
    voteId: newest.id,
    createdAt: newest.createdAt,
    user: { userId: newestUser.id, name: 'Member', avatar: response.body.votes.results[0].user.avatar, username: newestUser.username },
  });
  t.deepEqual(voteIds(response.body), [others[2]!.id, others[1]!.id]);
  t.deepEqual(response.body.votes.page_info, { count: 2, current_page: 1, has_next_page: true, start_cursor: others[2]!.id, end_cursor: others[1]!.id });
  t.like(response.body.votes, { total_count: 4, total_pages: 2 });
  t.deepEqual(response.body.votes.viewerVote, ownEntry, 'the viewer’s vote though it is not on this page');
  t.is((await server.request('GET', `/posts/${post.id}/votes`)).body.votes.viewerVote, null, 'anonymous');
  t.is((await server.request('GET', `/posts/${post.id}/votes`, { token: (await createMember(server.ctx)).token })).body.votes.viewerVote, null);
});

test('cursor walks visit every vote once, newest first, ties broken by voteId; the page past the end is empty', async (t) => {
  const { server, owner } = await ownerServer(t);
  const post = await createPostAt(server.ctx, owner.user, { createdAt: at(0) });
  const other = await createPostAt(server.ctx, owner.user, { createdAt: at(0) });
  const expected = (await votesOn(server, post, 23, (i) => i % 4)).sort(newestFirst).map((vote) => vote.id);
  await votesOn(server, other, 3, (i) => i);
  const seen: string[] = [];
  let after = '';
  for (let page = 1; page <= 5; page++) {
    const { status, body } = await server.request('GET', `/posts/${post.id}/votes?first=5&after=${after}`);
    t.is(status, 200);
    const slice = expected.slice((page - 1) * 5, page * 5);
    t.deepEqual(voteIds(body), slice);
    t.deepEqual(body.votes.page_info, {
      count: slice.length,
      current_page: page,
      has_next_page: page < 5,
      start_cursor: slice[0],
      end_cursor: slice[slice.length - 1],
    });
    t.like(body.votes, { total_count: 23, total_pages: 5, viewerVote: null });
    seen.push(...voteIds(body));
    after = body.votes.page_info.end_cursor;
  }
  t.deepEqual(seen, expected);
  const pastEnd = await server.request('GET', `/posts/${post.id}/votes?first=5&after=${after}`);
  t.deepEqual(pastEnd.body, {
    votes: {
      results: [],
      page_info: { count: 0, current_page: 5, has_next_page: false, start_cursor: null, end_cursor: null },
      total_count: 23,
      total_pages: 5,
      viewerVote: null,
    },
  });
  const offBoundary = await server.request('GET', `/posts/${post.id}/votes?first=4&after=${expected[5]!.toUpperCase()}`);
  t.deepEqual(voteIds(offBoundary.body), expected.slice(6, 10));
  t.like(offBoundary.body.votes.page_info, { current_page: 2, has_next_page: true });
  const defaults = await server.request('GET', `/posts/${post.id}/votes?first=&after=`);
  t.deepEqual(voteIds(defaults.body), expected.slice(0, 20), 'default page size 20');
  t.like(defaults.body.votes, { total_pages: 2, page_info: { count: 20, has_next_page: true } });
  const all = await server.request('GET', `/posts/${post.id}/votes?first=100`);
  t.like(all.body.votes, { total_pages: 1, page_info: { count: 23, has_next_page: false } });
});

test('a post without votes gives an empty first page and zero pages', async (t) => {
  const { server, owner } = await ownerServer(t);
  const post = await createPostAt(server.ctx, owner.user, { createdAt: at(0) });
  const response = await server.request('GET', `/posts/${post.id}/votes`, { token: owner.token });
  t.deepEqual(response.body, {
    votes: {
      results: [],
      page_info: { count: 0, current_page: 1, has_next_page: false, start_cursor: null, end_cursor: null },
      total_count: 0,
      total_pages: 0,
      viewerVote: null,
    },
  });
});

test('visibility: voters of a post on a hidden board only for board:read (the owner has it)', async (t) => {
  const { server, owner } = await ownerServer(t);
  const member = await createMember(server.ctx);
  const reader = await createMember(server.ctx, { permissions: ['board:read'] });
  const blockedReader = await createMember(server.ctx, { permissions: ['board:read'], blocked: true });
  const hidden = await createBoard(server.ctx, { display: false });
  const post = await createPostAt(server.ctx, member.user, { boardId: hidden.id, createdAt: at(0) });
  const [vote] = await votesOn(server, post, 1, () => 1);
  const callers: Array<[string, string | undefined, boolean]> = [
    ['anonymous', undefined, false],
    ['member (the author)', member.token, false],
    ['blocked reader (anonymous)', blockedReader.token, false],
    ['member with board:read', reader.token, true],
    ['owner', owner.token, true],
  ];
  for (const [who, token, sees] of callers) {
    const options = token ? { token } : {};
    const response = await server.request('GET', `/posts/${post.id}/votes?first=0&after=nope`, options);
    t.deepEqual(response.body, sees ? FIRST_ERROR : NOT_FOUND, `${who}: the post is checked first`);
    const plain = await server.request('GET', `/posts/${post.id}/votes`, options);
    t.is(plain.status, sees ? 200 : 404, who);
    if (sees) t.deepEqual(voteIds(plain.body), [vote!.id]);
  }
});

let shared: { server: TestServer; post: PostRow; foreignVote: string; goneVote: string } | undefined;
test.before(async () => {
  const server = await startTestServer();
  const author = await createMember(server.ctx);
  const post = await createPostAt(server.ctx, author.user, { createdAt: at(0) });
  const other = await createPostAt(server.ctx, author.user, { createdAt: at(0) });
  await voteAt(server.ctx, author.user, post, at(1));
  const foreign = await voteAt(server.ctx, author.user, other, at(1));
  const gone = await voteAt(server.ctx, (await createMember(server.ctx)).user, post, at(2));
  await server.ctx.storage.votes.delete(gone.id);
  shared = { server, post, foreignVote: foreign.id, goneVote: gone.id };
});
test.after.always(() => shared?.server.close());

const rows: Array<[string, (s: NonNullable<typeof shared>) => string, number, unknown]> = [
  ['post_id not a UUID', () => '/posts/a-post/votes', 404, NOT_FOUND],
  ['post_id unknown', () => `/posts/${randomUUID()}/votes`, 404, NOT_FOUND],
  ['post_id with a NUL', (s) => `/posts/${s.post.id}%00/votes`, 404, NOT_FOUND],
  ['post before first', () => `/posts/${randomUUID()}/votes?first=0`, 404, NOT_FOUND],
  ['first 0', (s) => `/posts/${s.post.id}/votes?first=0`, 400, FIRST_ERROR],
  ['first 101', (s) => `/posts/${s.post.id}/votes?first=101`, 400, FIRST_ERROR],
  ['first not numeric', (s) => `/posts/${s.post.id}/votes?first=ten`, 400, FIRST_ERROR],
  ['first exponent', (s) => `/posts/${s.post.id}/votes?first=1e1`, 400, FIRST_ERROR],
  ['first signed', (s) => `/posts/${s.post.id}/votes?first=%2B5`, 400, FIRST_ERROR],
  ['first before the cursor', (s) => `/posts/${s.post.id}/votes?first=0&after=nope`, 400, FIRST_ERROR],
  ['after not a UUID', (s) => `/posts/${s.post.id}/votes?after=nope`, 400, INVALID_CURSOR],
  ['after unknown', (s) => `/posts/${s.post.id}/votes?after=${randomUUID()}`, 400, INVALID_CURSOR],
  ['after a vote of another post', (s) => `/posts/${s.post.id}/votes?after=${s.foreignVote}`, 400, INVALID_CURSOR],
  ['after a deleted vote', (s) => `/posts/${s.post.id}/votes?after=${s.goneVote}`, 400, INVALID_CURSOR],
  ['after the post id', (s) => `/posts/${s.post.id}/votes?after=${s.post.id}`, 400, INVALID_CURSOR],
];

for (const [title, path, status, expected] of rows) {
  test(`voters error: ${title}`, async (t) => {
    const response = await shared!.server.request('GET', path(shared!));
    t.is(response.status, status);
    t.deepEqual(response.body, expected);
  });
}

test('HEAD answers like GET without a body; other methods are not allowed', async (t) => {
  const { server, post } = shared!;
  const head = await server.request('HEAD', `/posts/${post.id}/votes`);
  t.is(head.status, 200);
  t.is(head.text, '');
  const put = await server.request('PUT', `/posts/${post.id}/votes`);
  t.is(put.status, 405);
  t.is(put.headers.get('allow'), 'GET, HEAD, OPTIONS');
});
