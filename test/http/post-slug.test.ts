import { createHash, randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { createBoard, createMember, createPostAt, createRoadmap, OWNER, type Persona, voteAt } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const NOT_FOUND = { message: 'Post not found', code: 'POST_NOT_FOUND' };
const SLUG_TYPE = { message: 'slug must be a string', code: 'VALIDATION_ERROR', errors: [{ path: 'slug', message: 'slug must be a string' }] };
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();
const avatar = (email: string) => `https://www.gravatar.com/avatar/${createHash('md5').update(email).digest('hex')}`;

/** A server with the owner set up through the API. */
async function ownerServer(t: ExecutionContext): Promise<{ server: TestServer; owner: Persona }> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  return { server, owner: { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken } };
}

test('a post by slug is a PostDetail: the listed Post with slugId after slug', async (t) => {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx, { name: 'Grace Hopper' });
  const voter = await createMember(server.ctx, { name: 'Ada' });
  const board = await createBoard(server.ctx, { name: 'Feature requests', url: 'feature-requests' });
  const roadmap = await createRoadmap(server.ctx, { name: 'Planned', url: 'planned' });
  const post = await createPostAt(server.ctx, author.user, {
    title: 'Dark mode',
    contentMarkdown: 'Too **bright**',
    boardId: board.id,
    roadmapId: roadmap.id,
    createdAt: at(1),
  });
  const vote = await voteAt(server.ctx, voter.user, post, at(2));
  const response = await server.request('POST', '/posts/slug', { token: voter.token, body: { slug: ` ${post.slug}\n` } });
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body), ['post']);
  t.deepEqual(Object.keys(response.body.post), [
    'postId', 'title', 'slug', 'slugId', 'contentMarkdown', 'createdAt', 'updatedAt', 'board', 'author', 'roadmap', 'commentsCount', 'tags', 'voters',
  ]);
  t.deepEqual(response.body.post, {
    postId: post.id,
    title: 'Dark mode',
    slug: post.slug,
    slugId: post.slugId,
    contentMarkdown: 'Too **bright**',
    createdAt: at(1),
    updatedAt: at(1),
    board: { boardId: board.id, name: 'Feature requests', color: board.color, url: 'feature-requests', createdAt: board.createdAt },
    author: { userId: author.user.id, name: 'Grace Hopper', avatar: avatar(author.user.email), username: author.user.username },
    roadmap: { id: roadmap.id, name: 'Planned', url: 'planned', color: roadmap.color },
    commentsCount: 0,
    tags: [],
    voters: {
      votes: [
        {
          voteId: vote.id,
          userId: voter.user.id,
          postId: post.id,
          createdAt: at(2),
          name: 'Ada',
          username: voter.user.username,
          avatar: avatar(voter.user.email),
        },
      ],
      votesCount: 1,
      viewerVote: { voteId: vote.id, userId: voter.user.id, postId: post.id, createdAt: at(2) },
    },
  });
  const listed = (await server.request('POST', '/posts/get', { token: voter.token, body: {} })).body.posts[0];
  const { slugId, ...rest } = response.body.post;
  t.deepEqual(rest, listed, 'the same rendering as the list');
  const anonymous = await server.request('POST', '/posts/slug', { body: { slug: post.slug } });
  t.is(anonymous.body.post.voters.viewerVote, null);
  t.is(anonymous.body.post.board.boardId, board.id);
});

test('lookup keys: id, then postId, then slug; each id only when it is a UUID string', async (t) => {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const [first, second, third] = await Promise.all([1, 2, 3].map((i) => createPostAt(server.ctx, author.user, { createdAt: at(i) })));
  const found = async (body: Record<string, unknown>) => {
    const response = await server.request('POST', '/posts/slug', { body });
    return response.status === 200 ? response.body.post.postId : response.body;
  };
  t.is(await found({ id: first!.id, postId: second!.id, slug: third!.slug }), first!.id);
  t.is(await found({ id: first!.id.toUpperCase() }), first!.id);
  t.is(await found({ postId: second!.id, slug: third!.slug }), second!.id);
  t.is(await found({ id: 'nope', postId: second!.id, slug: third!.slug }), second!.id);
  t.is(await found({ id: 42, postId: null, slug: third!.slug }), third!.id);
  t.is(await found({ id: [first!.id], postId: { id: second!.id }, slug: third!.slug }), third!.id);
  t.is(await found({ slug: third!.slug, userId: 'ignored' }), third!.id);
  t.deepEqual(await found({ id: randomUUID(), slug: third!.slug }), NOT_FOUND, 'a UUID id is used even when it matches nothing');
  t.deepEqual(await found({ postId: randomUUID(), slug: third!.slug }), NOT_FOUND);
});

test('visibility: posts on hidden boards need board:read; hidden roadmaps show as null without roadmap:read', async (t) => {
  const { server, owner } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const member = await createMember(server.ctx);
  const boardReader = await createMember(server.ctx, { permissions: ['board:read'] });
  const roadmapReader = await createMember(server.ctx, { permissions: ['roadmap:read'] });
  const blockedReader = await createMember(server.ctx, { permissions: ['board:read', 'roadmap:read'], blocked: true });
  const hiddenBoard = await createBoard(server.ctx, { display: false });
  const hiddenRoadmap = await createRoadmap(server.ctx, { display: false });
  const onHidden = await createPostAt(server.ctx, author.user, { boardId: hiddenBoard.id, createdAt: at(1) });
  const planned = await createPostAt(server.ctx, author.user, { roadmapId: hiddenRoadmap.id, createdAt: at(2) });
  const callers: Array<[string, string | undefined, boolean, boolean]> = [
    ['anonymous', undefined, false, false],
    ['member', member.token, false, false],
    ['author', author.token, false, false],
    ['member with board:read', boardReader.token, true, false],
    ['member with roadmap:read', roadmapReader.token, false, true],
    ['blocked member with both (anonymous)', blockedReader.token, false, false],
    ['owner', owner.token, true, true],
  ];
  for (const [who, token, seesBoard, seesRoadmap] of callers) {
    const options = token ? { token } : {};
    for (const body of [{ slug: onHidden.slug }, { id: onHidden.id }, { postId: onHidden.id }]) {
      const response = await server.request('POST', '/posts/slug', { ...options, body });
      t.is(response.status, seesBoard ? 200 : 404, who);
      if (seesBoard) t.is(response.body.post.board.boardId, hiddenBoard.id);
      else t.deepEqual(response.body, NOT_FOUND);
    }
    const roadmapView = await server.request('POST', '/posts/slug', { ...options, body: { slug: planned.slug } });
    t.is(roadmapView.status, 200, who);
    t.deepEqual(roadmapView.body.post.roadmap, seesRoadmap ? { id: hiddenRoadmap.id, name: hiddenRoadmap.name, url: hiddenRoadmap.url, color: hiddenRoadmap.color } : null, who);
  }
});

const rows: Array<[string, Record<string, unknown>, unknown]> = [
  ['slug a number', { slug: 5 }, SLUG_TYPE],
  ['slug an array', { slug: ['a'] }, SLUG_TYPE],
  ['slug an object', { slug: {} }, SLUG_TYPE],
  ['slug a boolean', { slug: true }, SLUG_TYPE],
  ['slug of a bad type beside a usable id', { id: randomUUID(), slug: 7 }, SLUG_TYPE],
  ['nothing given', {}, NOT_FOUND],
  ['slug null', { slug: null }, NOT_FOUND],
  ['slug empty', { slug: '' }, NOT_FOUND],
  ['slug blank', { slug: ' \t ' }, NOT_FOUND],
  ['unknown slug', { slug: 'no-such-post-aaaaaaaaaaaaaaaaaaaa' }, NOT_FOUND],
  ['slug with NUL', { slug: 'a\u0000b' }, NOT_FOUND],
  ['ids not UUIDs, no slug', { id: 'x', postId: 12 }, NOT_FOUND],
  ['unknown id', { id: randomUUID() }, NOT_FOUND],
  ['id with NUL', { id: `${randomUUID()}\u0000` }, NOT_FOUND],
];

let shared: { server: TestServer; slug: string } | undefined;
test.before(async () => {
  const server = await startTestServer();
  const author = await createMember(server.ctx);
  const post = await createPostAt(server.ctx, author.user, { title: 'Existing', createdAt: at(0) });
  shared = { server, slug: post.slug };
});
test.after.always(() => shared?.server.close());

for (const [title, body, expected] of rows) {
  test(`post by slug error: ${title}`, async (t) => {
    const response = await shared!.server.request('POST', '/posts/slug', { body });
    t.is(response.status, (expected as { code: string }).code === 'POST_NOT_FOUND' ? 404 : 400);
    t.deepEqual(response.body, expected);
  });
}

test('slugs match exactly: no prefix, no other letter case', async (t) => {
  const { server, slug } = shared!;
  for (const almost of [slug.toUpperCase(), slug.slice(0, -1), `${slug}x`, 'existing']) {
    const response = await server.request('POST', '/posts/slug', { body: { slug: almost } });
    t.deepEqual(response.body, NOT_FOUND, almost);
  }
  t.is((await server.request('POST', '/posts/slug', { body: { slug } })).status, 200);
});
