import test from 'ava';
import { createBoard, createMember, createPostAt } from '../_helpers/personas.js';
import {
  ACTIVITY_KEYS,
  AUTHOR_KEYS,
  at,
  BODY_MISSING,
  BODY_TOO_LONG,
  COMMENT_KEYS,
  COMMENT_NOT_FOUND,
  commentThrough,
  FORBIDDEN,
  ISO_MS_Z,
  NO_AUTH,
  POST_NOT_FOUND,
  postComment,
  startStage,
  storedComments,
  validationError,
} from './_comments.js';

test('a member comments: 201 with the Activity, comment and author in the documented shapes', async (t) => {
  const { server, member, post } = await startStage(t);
  const before = Date.now();
  const response = await postComment(server, member.token, post.id.toUpperCase(), {
    body: '  Same here, we export every Friday.\n',
    is_spam: true,
    userId: 'ignored',
  });
  t.is(response.status, 201);
  const { activity } = response.body;
  t.deepEqual(Object.keys(response.body), ['activity']);
  t.deepEqual(Object.keys(activity), ACTIVITY_KEYS);
  t.deepEqual(Object.keys(activity.comment), COMMENT_KEYS);
  t.deepEqual(Object.keys(activity.author), AUTHOR_KEYS);
  t.is(activity.type, 'comment');
  t.not(activity.id, activity.comment.id);
  t.like(activity.comment, {
    parent_id: null,
    body: 'Same here, we export every Friday.',
    is_internal: false,
    is_edited: false,
    is_spam: false,
  });
  t.regex(activity.created_at, ISO_MS_Z);
  t.true(Date.parse(activity.created_at) >= before - 5);
  t.is(activity.comment.created_at, activity.created_at, 'comment and activity share one instant');
  t.is(activity.comment.updated_at, activity.created_at);
  t.deepEqual(activity.author, {
    userId: member.user.id,
    name: 'Grace Hopper',
    avatar: activity.author.avatar,
    username: member.user.username,
    isTeam: false,
  });
  t.regex(activity.author.avatar, /^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}$/);
  const stored = await server.ctx.storage.comments.get(activity.comment.id);
  t.like(stored, { postId: post.id, userId: member.user.id, parentId: null });
  t.like(await server.ctx.storage.activities.getByComment(activity.comment.id), { id: activity.id, postId: post.id });
});

test('replies name their parent, at any depth; null and "" mean no parent', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const root = await commentThrough(server, member.token, post.id, { body: 'Root' });
  const reply = await commentThrough(server, owner.token, post.id, { body: 'Reply', parent_id: root.comment.id.toUpperCase() });
  t.is(reply.comment.parent_id, root.comment.id);
  const nested = await commentThrough(server, member.token, post.id, { body: 'Nested', parent_id: reply.comment.id });
  t.is(nested.comment.parent_id, reply.comment.id);
  for (const parent_id of [null, '']) {
    const top = await commentThrough(server, member.token, post.id, { body: 'Top', parent_id, is_internal: null });
    t.like(top.comment, { parent_id: null, is_internal: false });
  }
});

test('an internal comment needs comment:create_internal, which replaces comment:create', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const moderator = await createMember(server.ctx, { permissions: ['comment:create_internal'], withoutEveryone: true });
  const internal = await postComment(server, moderator.token, post.id, { body: 'Team note', is_internal: true });
  t.is(internal.status, 201);
  t.true(internal.body.activity.comment.is_internal);
  t.deepEqual((await postComment(server, moderator.token, post.id, { body: 'Public' })).body, FORBIDDEN);
  t.deepEqual((await postComment(server, member.token, post.id, { body: 'Note', is_internal: true })).body, FORBIDDEN);
  t.is((await postComment(server, owner.token, post.id, { body: 'Owner note', is_internal: true })).status, 201);
});

test('an internal parent is found only by callers with comment:view_internal', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const note = await commentThrough(server, owner.token, post.id, { body: 'Internal', is_internal: true });
  const before = await storedComments(server);
  const hidden = await postComment(server, member.token, post.id, { body: 'Reply', parent_id: note.comment.id });
  t.is(hidden.status, 404);
  t.deepEqual(hidden.body, COMMENT_NOT_FOUND);
  t.deepEqual(await storedComments(server), before);
  const insider = await createMember(server.ctx, { permissions: ['comment:view_internal'] });
  const reply = await postComment(server, insider.token, post.id, { body: 'Reply', parent_id: note.comment.id });
  t.is(reply.status, 201);
  t.is(reply.body.activity.comment.parent_id, note.comment.id);
});

test('a post on a hidden board is not found without board:read', async (t) => {
  const { server, member } = await startStage(t);
  const board = await createBoard(server.ctx, { display: false });
  const hiddenPost = await createPostAt(server.ctx, member.user, { createdAt: at(1), boardId: board.id });
  const refused = await postComment(server, member.token, hiddenPost.id, { body: 'Hello' });
  t.is(refused.status, 404);
  t.deepEqual(refused.body, POST_NOT_FOUND);
  t.is(await server.ctx.storage.comments.count(), 0);
  const reader = await createMember(server.ctx, { permissions: ['board:read'] });
  t.is((await postComment(server, reader.token, hiddenPost.id, { body: 'Hello' })).status, 201);
});

test('boundaries that pass: 1 and 1,000 code points after trimming', async (t) => {
  const { server, member, post } = await startStage(t);
  const long = await commentThrough(server, member.token, post.id, { body: ` ${'🎉'.repeat(1000)} ` });
  t.is(long.comment.body, '🎉'.repeat(1000));
  t.is((await commentThrough(server, member.token, post.id, { body: 'x' })).comment.body, 'x');
});

test('create comment error rows, in check order, with exact bodies; nothing is stored', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const otherPost = await createPostAt(server.ctx, member.user, { createdAt: at(2) });
  const foreign = await commentThrough(server, member.token, otherPost.id, { body: 'Elsewhere' });
  const restricted = await createMember(server.ctx, { withoutEveryone: true });
  const unknown = '9531985d-5d9d-49f8-9818-e811892f902b';
  const rows: Array<[string, { token?: string; postId?: string; body: unknown }, number, unknown]> = [
    ['no token', { token: '', body: { body: 'x' } }, 401, NO_AUTH],
    ['post id not a UUID', { postId: 'not-a-uuid', body: { body: 'x' } }, 404, POST_NOT_FOUND],
    ['unknown post, before the body', { postId: unknown, body: { body: 5 } }, 404, POST_NOT_FOUND],
    ['body a number', { body: { body: 5 } }, 400, validationError('body', 'body must be a string')],
    ['body an object', { body: { body: { text: 'x' } } }, 400, validationError('body', 'body must be a string')],
    ['body absent', { body: {} }, 400, BODY_MISSING],
    ['body null', { body: { body: null } }, 400, BODY_MISSING],
    ['body blank', { body: { body: ' \n\t ' } }, 400, BODY_MISSING],
    ['body 1,001 code points', { body: { body: 'é'.repeat(1001) } }, 400, BODY_TOO_LONG],
    ['body with NUL', { body: { body: 'a\u0000b' } }, 400, validationError('body', 'body must not contain NUL characters')],
    ['is_internal a string', { body: { body: 'x', is_internal: 'true' } }, 400, validationError('is_internal', 'is_internal must be a boolean')],
    ['is_internal a number', { body: { body: 'x', is_internal: 1 } }, 400, validationError('is_internal', 'is_internal must be a boolean')],
    ['body checked before is_internal', { body: { body: '', is_internal: 'x' } }, 400, BODY_MISSING],
    ['parent_id not a UUID', { body: { body: 'x', parent_id: 'abc' } }, 400, validationError('parent_id', 'parent_id must be a UUID')],
    ['parent_id a number', { body: { body: 'x', parent_id: 7 } }, 400, validationError('parent_id', 'parent_id must be a UUID')],
    ['is_internal checked before parent_id', { body: { body: 'x', is_internal: 0, parent_id: 7 } }, 400, validationError('is_internal', 'is_internal must be a boolean')],
    ['parent_id checked before the permission', { token: restricted.token, body: { body: 'x', parent_id: 'abc' } }, 400, validationError('parent_id', 'parent_id must be a UUID')],
    ['public comment without comment:create', { token: restricted.token, body: { body: 'x' } }, 403, FORBIDDEN],
    ['internal comment without comment:create_internal', { body: { body: 'x', is_internal: true } }, 403, FORBIDDEN],
    ['permission checked before the parent lookup', { token: restricted.token, body: { body: 'x', parent_id: unknown } }, 403, FORBIDDEN],
    ['unknown parent', { body: { body: 'x', parent_id: unknown } }, 404, COMMENT_NOT_FOUND],
    ['parent on another post', { body: { body: 'x', parent_id: foreign.comment.id } }, 404, COMMENT_NOT_FOUND],
    ['owner: unknown parent', { token: owner.token, body: { body: 'x', is_internal: true, parent_id: unknown } }, 404, COMMENT_NOT_FOUND],
  ];
  const before = await storedComments(server);
  for (const [title, request, status, expected] of rows) {
    const token = request.token ?? member.token;
    const path = `/posts/${request.postId ?? post.id}/comments`;
    const response = await server.request('POST', path, { ...(token ? { token } : {}), body: request.body });
    t.is(response.status, status, title);
    t.deepEqual(response.body, expected, title);
  }
  t.deepEqual(await storedComments(server), before, 'refused requests leave comments and activity unchanged');
});

test('labs comments false: public comments answer 403 COMMENTS_DISABLED after rows 1–8 and write nothing; internal ones still work', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const labs = (comments: boolean) => server.request('PATCH', '/settings/labs', { token: owner.token, body: { comments } });
  t.is((await labs(false)).status, 200);
  const disabled = { message: 'Comments are turned off on this site', code: 'COMMENTS_DISABLED' };
  for (const token of [member.token, owner.token]) {
    const response = await postComment(server, token, post.id, { body: 'Me too' });
    t.is(response.status, 403);
    t.deepEqual(response.body, disabled);
  }
  const { comments, activities } = await storedComments(server);
  t.deepEqual([comments, activities], [[], []], 'nothing was written');
  t.deepEqual((await postComment(server, member.token, post.id, { body: '' })).body, BODY_MISSING, 'row 3 comes first');
  const unknownParent = { body: 'Reply', parent_id: '00000000-0000-4000-8000-000000000000' };
  t.deepEqual((await postComment(server, member.token, post.id, unknownParent)).body, COMMENT_NOT_FOUND, 'row 8 comes first');
  t.deepEqual((await postComment(server, member.token, post.id, { body: 'Psst', is_internal: true })).body, FORBIDDEN, 'row 7 comes first');
  const internal = await postComment(server, owner.token, post.id, { body: 'Internal note', is_internal: true });
  t.is(internal.status, 201);
  t.is((await labs(true)).status, 200);
  t.is((await postComment(server, member.token, post.id, { body: 'Me too' })).status, 201);
});
