import test from 'ava';
import type { Persona } from '../_helpers/personas.js';
import { createBoard, createMember, createPostAt } from '../_helpers/personas.js';
import type { TestServer } from '../_helpers/server.js';
import {
  at,
  COMMENT_NOT_FOUND,
  commentAt,
  commentThrough,
  FORBIDDEN,
  NO_AUTH,
  NOT_AUTHOR,
  POST_NOT_FOUND,
  startStage,
  storedComments,
} from './_comments.js';

function deleteComment(server: TestServer, persona: Persona, postId: string, commentId: string) {
  return server.request('DELETE', `/posts/${postId}/comments/${commentId}`, { token: persona.token });
}

test('deleting a comment takes its whole thread and their activity; other threads stay', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const root = await commentAt(server, member.user, post, { createdAt: at(1) });
  const reply = await commentAt(server, owner.user, post, { createdAt: at(2), parentId: root.comment.id });
  const nested = await commentAt(server, member.user, post, { createdAt: at(3), parentId: reply.comment.id, isInternal: true });
  await commentAt(server, owner.user, post, { createdAt: at(4), parentId: root.comment.id });
  const sibling = await commentAt(server, member.user, post, { createdAt: at(5) });
  const siblingReply = await commentAt(server, owner.user, post, { createdAt: at(6), parentId: sibling.comment.id });

  const response = await deleteComment(server, member, post.id.toUpperCase(), root.comment.id.toUpperCase());
  t.is(response.status, 204);
  t.is(response.text, '');
  const { storage } = server.ctx;
  t.is(await storage.comments.get(nested.comment.id), undefined);
  t.is(await storage.activities.getByComment(nested.comment.id), undefined);
  t.is(await storage.comments.count(), 2);
  t.is(await storage.activities.count(), 2);
  const listed = await server.request('GET', `/posts/${post.id}/activity?visibility=public,internal`, { token: owner.token });
  t.deepEqual(
    listed.body.activity.map((entry: { id: string }) => entry.id),
    [siblingReply.entry.id, sibling.entry.id],
  );
});

test('deleting a reply takes its own replies only; the parent stays', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const root = await commentThrough(server, member.token, post.id, { body: 'Root' });
  const reply = await commentThrough(server, owner.token, post.id, { body: 'Reply', parent_id: root.comment.id });
  await commentThrough(server, member.token, post.id, { body: 'Nested', parent_id: reply.comment.id });
  t.is((await deleteComment(server, owner, post.id, reply.comment.id)).status, 204);
  const { comments, activities } = await storedComments(server);
  t.deepEqual(comments.map((comment) => comment.id), [root.comment.id]);
  t.deepEqual(activities.map((entry) => entry.id), [root.id]);
});

test('delete rights: author with @everyone, another member, the owner, members with comment:delete:any', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const other = await createMember(server.ctx);
  const moderator = await createMember(server.ctx, { permissions: ['comment:delete:any'], withoutEveryone: true });
  const nobody = await createMember(server.ctx, { withoutEveryone: true });
  const comments = await Promise.all([1, 2, 3, 4].map((second) => commentAt(server, member.user, post, { createdAt: at(second) })));
  const nobodysOwn = await commentAt(server, nobody.user, post, { createdAt: at(5) });
  const cases: Array<[string, Persona, string, number, unknown]> = [
    ['another member (holds :own, not the author)', other, comments[0]!.comment.id, 403, NOT_AUTHOR],
    ['a member without any delete permission', nobody, comments[0]!.comment.id, 403, FORBIDDEN],
    ['the author without any delete permission', nobody, nobodysOwn.comment.id, 403, FORBIDDEN],
    ['the author with @everyone', member, comments[0]!.comment.id, 204, null],
    ['the owner, on another user’s comment', owner, comments[1]!.comment.id, 204, null],
    ['a member with comment:delete:any only', moderator, comments[2]!.comment.id, 204, null],
  ];
  for (const [title, persona, id, status, expected] of cases) {
    const before = await storedComments(server);
    const response = await deleteComment(server, persona, post.id, id);
    t.is(response.status, status, title);
    t.deepEqual(response.body, expected, title);
    if (status === 403) t.deepEqual(await storedComments(server), before, title);
    else t.is(await server.ctx.storage.comments.get(id), undefined, title);
  }
  t.is(await server.ctx.storage.comments.count(), 2);
});

test('delete comment error rows, in check order, with exact bodies; nothing is deleted', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const other = await createMember(server.ctx);
  const nobody = await createMember(server.ctx, { withoutEveryone: true });
  const moderator = await createMember(server.ctx, { permissions: ['comment:delete:any'] });
  const board = await createBoard(server.ctx, { display: false });
  const hiddenPost = await createPostAt(server.ctx, owner.user, { createdAt: at(1), boardId: board.id });
  const otherPost = await createPostAt(server.ctx, member.user, { createdAt: at(2) });
  const { comment } = await commentThrough(server, member.token, post.id, { body: 'Keep me' });
  const internal = await commentThrough(server, owner.token, post.id, { body: 'Internal', is_internal: true });
  const onHidden = await commentThrough(server, owner.token, hiddenPost.id, { body: 'Hidden' });
  const unknown = '9531985d-5d9d-49f8-9818-e811892f902b';
  const rows: Array<[string, Persona | null, string, string, number, unknown]> = [
    ['no token', null, post.id, comment.id, 401, NO_AUTH],
    ['post id not a UUID', member, 'nope', comment.id, 404, POST_NOT_FOUND],
    ['unknown post', member, unknown, comment.id, 404, POST_NOT_FOUND],
    ['post on a hidden board', member, hiddenPost.id, onHidden.comment.id, 404, POST_NOT_FOUND],
    ['comment id not a UUID', member, post.id, 'nope', 404, COMMENT_NOT_FOUND],
    ['unknown comment', nobody, post.id, unknown, 404, COMMENT_NOT_FOUND],
    ['comment of another post', member, otherPost.id, comment.id, 404, COMMENT_NOT_FOUND],
    ['internal comment without comment:view_internal', moderator, post.id, internal.comment.id, 404, COMMENT_NOT_FOUND],
    ['not the author', other, post.id, comment.id, 403, NOT_AUTHOR],
    ['neither delete permission', nobody, post.id, comment.id, 403, FORBIDDEN],
  ];
  const before = await storedComments(server);
  for (const [title, persona, postId, commentId, status, expected] of rows) {
    const response = await server.request('DELETE', `/posts/${postId}/comments/${commentId}`, persona ? { token: persona.token } : {});
    t.is(response.status, status, title);
    t.deepEqual(response.body, expected, title);
  }
  t.deepEqual(await storedComments(server), before);
});

test('deleting a post deletes its comments and activity; other posts keep theirs', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const kept = await createPostAt(server.ctx, member.user, { createdAt: at(1) });
  const root = await commentThrough(server, member.token, post.id, { body: 'Root' });
  await commentThrough(server, owner.token, post.id, { body: 'Reply', parent_id: root.comment.id, is_internal: true });
  const survivor = await commentThrough(server, owner.token, kept.id, { body: 'Survivor' });
  const response = await server.request('DELETE', '/posts', { token: member.token, body: { id: post.id } });
  t.is(response.status, 204);
  const { comments, activities, counts } = await storedComments(server);
  t.deepEqual(comments.map((comment) => comment.id), [survivor.comment.id]);
  t.deepEqual(activities.map((entry) => entry.id), [survivor.id]);
  t.deepEqual(counts, [1, 1]);
  t.deepEqual((await server.ctx.storage.comments.listByUser(member.user.id)).length, 0);
});
