import test from 'ava';
import type { ActivityRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt } from '../_helpers/personas.js';
import type { TestServer } from '../_helpers/server.js';
import {
  ACTIVITY_KEYS,
  AUTHOR_KEYS,
  at,
  COMMENT_KEYS,
  commentAt,
  commentThrough,
  ISO_MS_Z,
  POST_NOT_FOUND,
  startStage,
  validationError,
} from './_comments.js';

const byNewest = (a: ActivityRow, b: ActivityRow) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
const idsOf = (body: { activity: Array<{ id: string }> }) => body.activity.map((entry) => entry.id);

function activity(server: TestServer, postId: string, query = '', token?: string) {
  return server.request('GET', `/posts/${postId}/activity${query}`, token ? { token } : {});
}

test('entries are newest first with id tie-breaks; replies are entries of their own; shapes as documented', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const entries: ActivityRow[] = [];
  for (let i = 0; i < 6; i++) entries.push((await commentAt(server, i % 2 ? owner.user : member.user, post, { createdAt: at(1 + (i % 3)) })).entry);
  const reply = await commentThrough(server, owner.token, post.id, { body: 'Reply', parent_id: entries[0]!.commentId });
  const response = await activity(server, post.id.toUpperCase());
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body), ['activity']);
  t.deepEqual(idsOf(response.body), [reply.id, ...entries.sort(byNewest).map((entry) => entry.id)]);
  const [newest] = response.body.activity;
  t.deepEqual(Object.keys(newest), ACTIVITY_KEYS);
  t.deepEqual(Object.keys(newest.comment), COMMENT_KEYS);
  t.deepEqual(Object.keys(newest.author), AUTHOR_KEYS);
  t.deepEqual(newest, reply, 'the list shows an entry exactly as its creation answered it');
  const oldest = response.body.activity.at(-1);
  t.is(oldest.created_at, at(1));
  t.regex(oldest.comment.updated_at, ISO_MS_Z);
  t.is(oldest.author.userId, (await server.ctx.storage.comments.get(oldest.comment.id))!.userId);
});

test('visibility: public by default; internal entries only for comment:view_internal, in every parameter form', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const insider = await createMember(server.ctx, { permissions: ['comment:view_internal'] });
  const publicOnes = [1, 3].map((second) => commentAt(server, member.user, post, { createdAt: at(second) }));
  const internalOnes = [2, 4].map((second) => commentAt(server, owner.user, post, { createdAt: at(second), isInternal: true }));
  const [p1, p3] = (await Promise.all(publicOnes)).map((c) => c.entry.id);
  const [i2, i4] = (await Promise.all(internalOnes)).map((c) => c.entry.id);
  const all = [i4!, p3!, i2!, p1!];
  const cases: Array<[string, string | undefined, string, string[]]> = [
    ['anonymous, default', undefined, '', [p3!, p1!]],
    ['anonymous asking for internal gets public', undefined, '?visibility=internal', [p3!, p1!]],
    ['member asking for both gets public', member.token, '?visibility=public,internal', [p3!, p1!]],
    ['insider, default', insider.token, '', [p3!, p1!]],
    ['insider, empty value', insider.token, '?visibility=', [p3!, p1!]],
    ['insider, internal', insider.token, '?visibility=internal', [i4!, i2!]],
    ['insider, any case', insider.token, '?visibility=INTERNAL', [i4!, i2!]],
    ['insider, comma-separated', insider.token, '?visibility=public,internal', all],
    ['insider, repeated', insider.token, '?visibility=internal&visibility=public', all],
    ['owner, repeated and comma-separated', owner.token, '?visibility=internal&visibility=public,internal', all],
  ];
  for (const [title, token, query, expected] of cases) {
    const response = await activity(server, post.id, query, token);
    t.is(response.status, 200, title);
    t.deepEqual(idsOf(response.body), expected, title);
  }
});

test('offset pages walk every entry once; limit defaults to 10; a page past the end is empty', async (t) => {
  const { server, member, post } = await startStage(t);
  const entries: ActivityRow[] = [];
  for (let i = 0; i < 23; i++) entries.push((await commentAt(server, member.user, post, { createdAt: at(i % 7) })).entry);
  const expected = entries.sort(byNewest).map((entry) => entry.id);
  const seen: string[] = [];
  for (let page = 1; page <= 5; page++) seen.push(...idsOf((await activity(server, post.id, `?page=${page}&limit=5`)).body));
  t.deepEqual(seen, expected);
  t.deepEqual(idsOf((await activity(server, post.id, '?page=6&limit=5')).body), []);
  t.deepEqual(idsOf((await activity(server, post.id)).body), expected.slice(0, 10));
  t.deepEqual(idsOf((await activity(server, post.id, '?page=3')).body), expected.slice(20));
  t.deepEqual(idsOf((await activity(server, post.id, '?limit=100&page=')).body), expected);
  t.deepEqual(idsOf((await activity(server, post.id, '?page=99999999')).body), []);
});

test('a post on a hidden board has no visible activity without board:read', async (t) => {
  const { server, owner, member } = await startStage(t);
  const board = await createBoard(server.ctx, { display: false });
  const hiddenPost = await createPostAt(server.ctx, owner.user, { createdAt: at(1), boardId: board.id });
  const { entry } = await commentAt(server, owner.user, hiddenPost, { createdAt: at(2) });
  for (const token of [undefined, member.token]) {
    const response = await activity(server, hiddenPost.id, '', token);
    t.is(response.status, 404);
    t.deepEqual(response.body, POST_NOT_FOUND);
  }
  const reader = await createMember(server.ctx, { permissions: ['board:read'] });
  t.deepEqual(idsOf((await activity(server, hiddenPost.id, '', reader.token)).body), [entry.id]);
});

test('activity error rows, in check order, with exact bodies', async (t) => {
  const { server, post } = await startStage(t);
  const visibility = validationError('visibility', 'visibility must be one of: public, internal');
  const rows: Array<[string, string, unknown]> = [
    ['post id not a UUID', '/posts/abc/activity?page=0', POST_NOT_FOUND],
    ['unknown post, before paging', '/posts/9531985d-5d9d-49f8-9818-e811892f902b/activity?page=x', POST_NOT_FOUND],
    ['page 0', `/posts/${post.id}/activity?page=0`, validationError('page', 'page must be an integer between 1 and 99999999')],
    ['page not a number', `/posts/${post.id}/activity?page=one`, validationError('page', 'page must be an integer between 1 and 99999999')],
    ['page a fraction', `/posts/${post.id}/activity?page=1.5`, validationError('page', 'page must be an integer between 1 and 99999999')],
    ['limit 0', `/posts/${post.id}/activity?limit=0`, validationError('limit', 'limit must be an integer between 1 and 100')],
    ['limit 101', `/posts/${post.id}/activity?limit=101`, validationError('limit', 'limit must be an integer between 1 and 100')],
    ['page before visibility', `/posts/${post.id}/activity?visibility=x&page=-1`, validationError('page', 'page must be an integer between 1 and 99999999')],
    ['limit before visibility', `/posts/${post.id}/activity?visibility=x&limit=x`, validationError('limit', 'limit must be an integer between 1 and 100')],
    ['visibility private', `/posts/${post.id}/activity?visibility=private`, visibility],
    ['visibility with a bad item', `/posts/${post.id}/activity?visibility=public,all`, visibility],
    ['visibility repeated with a bad value', `/posts/${post.id}/activity?visibility=public&visibility=spam`, visibility],
  ];
  for (const [title, path, expected] of rows) {
    const response = await server.request('GET', path);
    t.is(response.status, expected === POST_NOT_FOUND ? 404 : 400, title);
    t.deepEqual(response.body, expected, title);
  }
});

test('the comment paths answer other methods with 405 and Allow; HEAD mirrors GET activity', async (t) => {
  const { server, post } = await startStage(t);
  const cases: Array<[string, string, string]> = [
    ['POST', `/posts/${post.id}/activity`, 'GET, HEAD, OPTIONS'],
    ['GET', `/posts/${post.id}/comments`, 'POST, OPTIONS'],
    ['PATCH', `/posts/${post.id}/comments/${post.id}`, 'PUT, DELETE, OPTIONS'],
  ];
  for (const [method, path, allow] of cases) {
    const response = await server.request(method, path);
    t.is(response.status, 405, `${method} ${path}`);
    t.is(response.headers.get('allow'), allow, `${method} ${path}`);
  }
  const head = await server.request('HEAD', `/posts/${post.id}/activity`);
  t.is(head.status, 200);
  t.is(head.text, '');
});
