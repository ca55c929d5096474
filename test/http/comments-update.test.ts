import test from 'ava';
import type { Persona } from '../_helpers/personas.js';
import { createBoard, createMember, createPostAt } from '../_helpers/personas.js';
import type { TestServer } from '../_helpers/server.js';
import {
  at,
  BODY_MISSING,
  BODY_TOO_LONG,
  COMMENT_KEYS,
  COMMENT_NOT_FOUND,
  commentThrough,
  FORBIDDEN,
  ISO_MS_Z,
  NO_AUTH,
  NOT_AUTHOR,
  POST_NOT_FOUND,
  startStage,
  storedComments,
  validationError,
} from './_comments.js';

function putComment(server: TestServer, persona: Persona, postId: string, commentId: string, body: unknown) {
  return server.request('PUT', `/posts/${postId}/comments/${commentId}`, { token: persona.token, body });
}

test('the author edits their comment: 200 { comment }, body trimmed, is_edited set, updated_at moves', async (t) => {
  const { server, member, post } = await startStage(t);
  const created = await commentThrough(server, member.token, post.id, { body: 'Frist' });
  await new Promise((resolve) => setTimeout(resolve, 5));
  const response = await putComment(server, member, post.id.toUpperCase(), created.comment.id.toUpperCase(), { body: '  First!  ' });
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body), ['comment']);
  const { comment } = response.body;
  t.deepEqual(Object.keys(comment), COMMENT_KEYS);
  t.like(comment, { id: created.comment.id, parent_id: null, body: 'First!', is_internal: false, is_edited: true, is_spam: false });
  t.is(comment.created_at, created.comment.created_at);
  t.regex(comment.updated_at, ISO_MS_Z);
  t.true(comment.updated_at > comment.created_at);
  t.like(await server.ctx.storage.comments.get(comment.id), { body: 'First!', isEdited: true, updatedAt: comment.updated_at });
});

test('is_edited turns true only when the body text changes, and stays true', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const { comment } = await commentThrough(server, member.token, post.id, { body: 'Same text' });
  const resent = await putComment(server, member, post.id, comment.id, { body: '  Same text ' });
  t.like(resent.body.comment, { body: 'Same text', is_edited: false });
  t.true(resent.body.comment.updated_at >= comment.updated_at, 'updated_at is written even without a change');
  const flagged = await putComment(server, owner, post.id, comment.id, { body: 'Same text', is_spam: true });
  t.like(flagged.body.comment, { is_spam: true, is_edited: false });
  const edited = await putComment(server, owner, post.id, comment.id, { body: 'Other text' });
  t.like(edited.body.comment, { body: 'Other text', is_edited: true, is_spam: true });
  const back = await putComment(server, member, post.id, comment.id, { body: 'Other text' });
  t.like(back.body.comment, { is_edited: true, is_spam: true }, 'omitted flags are kept');
});

test('edit rights: author with @everyone, another member, the owner, members with comment:update:any', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const other = await createMember(server.ctx);
  const moderator = await createMember(server.ctx, { permissions: ['comment:update:any'] });
  const anyOnly = await createMember(server.ctx, { permissions: ['comment:update:any'], withoutEveryone: true });
  const nobody = await createMember(server.ctx, { withoutEveryone: true });
  const { comment } = await commentThrough(server, member.token, post.id, { body: 'Mine' });
  const nobodysOwn = await commentThrough(server, owner.token, post.id, { body: 'x' });
  await server.ctx.storage.comments.update(nobodysOwn.comment.id, { userId: nobody.user.id });
  const cases: Array<[string, Persona, string, number, unknown]> = [
    ['another member (holds :own, not the author)', other, comment.id, 403, NOT_AUTHOR],
    ['a member without any update permission', nobody, comment.id, 403, FORBIDDEN],
    ['the author without any update permission', nobody, nobodysOwn.comment.id, 403, FORBIDDEN],
    ['the author with @everyone', member, comment.id, 200, undefined],
    ['the owner, on another user’s comment', owner, comment.id, 200, undefined],
    ['a moderator with comment:update:any and @everyone', moderator, comment.id, 200, undefined],
    ['a member with comment:update:any only', anyOnly, comment.id, 200, undefined],
  ];
  for (const [title, persona, id, status, expected] of cases) {
    const response = await putComment(server, persona, post.id, id, { body: `Edited by ${title}` });
    t.is(response.status, status, title);
    if (expected) t.deepEqual(response.body, expected, title);
    else t.is(response.body.comment.body, `Edited by ${title}`, title);
  }
});

test('changing is_internal needs comment:create_internal; resending the stored value or omitting it does not', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const moderator = await createMember(server.ctx, { permissions: ['comment:update:any', 'comment:view_internal'] });
  const { comment } = await commentThrough(server, member.token, post.id, { body: 'Public' });
  t.deepEqual((await putComment(server, member, post.id, comment.id, { body: 'x', is_internal: true })).body, FORBIDDEN);
  t.deepEqual((await putComment(server, moderator, post.id, comment.id, { body: 'x', is_internal: true })).body, FORBIDDEN);
  t.like((await putComment(server, member, post.id, comment.id, { body: 'Public', is_internal: false })).body.comment, { is_internal: false });
  t.like((await putComment(server, owner, post.id, comment.id, { body: 'Public', is_internal: true })).body.comment, { is_internal: true });
  const kept = await putComment(server, owner, post.id, comment.id, { body: 'Still internal' });
  t.like(kept.body.comment, { is_internal: true, body: 'Still internal' }, 'an edit without is_internal keeps the comment internal');
  t.deepEqual((await putComment(server, moderator, post.id, comment.id, { body: 'y', is_internal: false })).body, FORBIDDEN);
  t.like((await putComment(server, moderator, post.id, comment.id, { body: 'y', is_internal: true })).body.comment, { body: 'y' });
  const stored = await server.ctx.storage.comments.get(comment.id);
  t.like(stored, { isInternal: true, body: 'y' });
});

test('changing is_spam needs comment:update:any; the author may resend false', async (t) => {
  const { server, member, post } = await startStage(t);
  const moderator = await createMember(server.ctx, { permissions: ['comment:update:any'], withoutEveryone: true });
  const { comment } = await commentThrough(server, member.token, post.id, { body: 'Buy now' });
  t.deepEqual((await putComment(server, member, post.id, comment.id, { body: 'Buy now', is_spam: true })).body, FORBIDDEN);
  t.like((await putComment(server, member, post.id, comment.id, { body: 'Buy now', is_spam: false })).body.comment, { is_spam: false });
  t.like((await putComment(server, moderator, post.id, comment.id, { body: 'Buy now', is_spam: true })).body.comment, { is_spam: true });
  t.deepEqual((await putComment(server, member, post.id, comment.id, { body: 'Buy now', is_spam: false })).body, FORBIDDEN);
  t.like((await putComment(server, member, post.id, comment.id, { body: 'Sorry', is_spam: true })).body.comment, { body: 'Sorry', is_spam: true });
});

test('update comment error rows, in check order, with exact bodies; nothing changes', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const other = await createMember(server.ctx);
  const moderator = await createMember(server.ctx, { permissions: ['comment:update:any'] });
  const board = await createBoard(server.ctx, { display: false });
  const hiddenPost = await createPostAt(server.ctx, owner.user, { createdAt: at(1), boardId: board.id });
  const otherPost = await createPostAt(server.ctx, member.user, { createdAt: at(2) });
  const { comment } = await commentThrough(server, member.token, post.id, { body: 'Original' });
  const internal = await commentThrough(server, owner.token, post.id, { body: 'Internal', is_internal: true });
  const onHidden = await commentThrough(server, owner.token, hiddenPost.id, { body: 'Hidden' });
  const unknown = '9531985d-5d9d-49f8-9818-e811892f902b';
  const body = { body: 'Changed' };
  const rows: Array<[string, Persona | null, string, string, unknown, number, unknown]> = [
    ['no token', null, post.id, comment.id, body, 401, NO_AUTH],
    ['post id not a UUID', member, 'nope', comment.id, body, 404, POST_NOT_FOUND],
    ['unknown post', member, unknown, comment.id, body, 404, POST_NOT_FOUND],
    ['post on a hidden board', member, hiddenPost.id, onHidden.comment.id, body, 404, POST_NOT_FOUND],
    ['comment id not a UUID, before the body', member, post.id, 'nope', { body: 5 }, 404, COMMENT_NOT_FOUND],
    ['unknown comment', member, post.id, unknown, body, 404, COMMENT_NOT_FOUND],
    ['comment of another post', member, otherPost.id, comment.id, body, 404, COMMENT_NOT_FOUND],
    ['internal comment without comment:view_internal', moderator, post.id, internal.comment.id, body, 404, COMMENT_NOT_FOUND],
    ['body a number', member, post.id, comment.id, { body: 5 }, 400, validationError('body', 'body must be a string')],
    ['body absent', member, post.id, comment.id, { is_spam: false }, 400, BODY_MISSING],
    ['body null', member, post.id, comment.id, { body: null }, 400, BODY_MISSING],
    ['body blank', member, post.id, comment.id, { body: '   ' }, 400, BODY_MISSING],
    ['body 1,001 code points', member, post.id, comment.id, { body: 'x'.repeat(1001) }, 400, BODY_TOO_LONG],
    ['is_internal null', member, post.id, comment.id, { body: 'x', is_internal: null }, 400, validationError('is_internal', 'is_internal must be a boolean')],
    ['is_internal checked before is_spam', member, post.id, comment.id, { body: 'x', is_internal: 'no', is_spam: 'no' }, 400, validationError('is_internal', 'is_internal must be a boolean')],
    ['is_spam a string', member, post.id, comment.id, { body: 'x', is_spam: 'yes' }, 400, validationError('is_spam', 'is_spam must be a boolean')],
    ['is_spam null', member, post.id, comment.id, { body: 'x', is_spam: null }, 400, validationError('is_spam', 'is_spam must be a boolean')],
    ['validation before the author check', other, post.id, comment.id, { body: '' }, 400, BODY_MISSING],
    ['not the author', other, post.id, comment.id, body, 403, NOT_AUTHOR],
    ['author check before the flag rules', other, post.id, comment.id, { body: 'x', is_spam: true }, 403, NOT_AUTHOR],
    ['author changes is_spam', member, post.id, comment.id, { body: 'x', is_spam: true }, 403, FORBIDDEN],
    ['author changes is_internal', member, post.id, comment.id, { body: 'x', is_internal: true }, 403, FORBIDDEN],
  ];
  const before = await storedComments(server);
  for (const [title, persona, postId, commentId, requestBody, status, expected] of rows) {
    const path = `/posts/${postId}/comments/${commentId}`;
    const response = await server.request('PUT', path, { ...(persona ? { token: persona.token } : {}), body: requestBody });
    t.is(response.status, status, title);
    t.deepEqual(response.body, expected, title);
  }
  t.deepEqual(await storedComments(server), before, 'refused edits leave every comment as it was');
});
