import { randomUUID } from 'node:crypto';
import type { ExecutionContext } from 'ava';
import type { ActivityRow, CommentRow, PostRow, UserRow } from '../../src/storage/types.js';
import { createMember, createPostAt, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestResponse, type TestServer } from '../_helpers/server.js';

/** Error bodies of the comment routes (API.md §5). */
export const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
export const POST_NOT_FOUND = { message: 'Post not found', code: 'POST_NOT_FOUND' };
export const COMMENT_NOT_FOUND = { message: 'Comment not found', code: 'COMMENT_NOT_FOUND' };
export const BODY_MISSING = { message: 'Comment body missing', code: 'COMMENT_BODY_MISSING' };
export const BODY_TOO_LONG = { message: 'Comment body cannot exceed 1000 characters', code: 'COMMENT_BODY_TOO_LONG' };
export const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
export const NOT_AUTHOR = { message: 'You are not the author of the comment', code: 'UNAUTHORIZED_NOT_AUTHOR' };
export const NO_AUTH = { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' };

/** The keys of API.md §3.15 Comment and Activity, and of a comment's author (§3.3 PublicUser and §8.9 `isTeam`), in order. */
export const COMMENT_KEYS = ['id', 'parent_id', 'body', 'is_internal', 'is_edited', 'is_spam', 'created_at', 'updated_at'];
export const ACTIVITY_KEYS = ['id', 'type', 'created_at', 'comment', 'author'];
export const AUTHOR_KEYS = ['userId', 'name', 'avatar', 'username', 'isTeam'];
export const ISO_MS_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A fixed timestamp `second` seconds into 2026-03-01 (before any "now"), so tests choose the order. */
export const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();

/** The callers most tests need, and a post on no board written by `member`. */
export interface Stage {
  server: TestServer;
  owner: Persona;
  /** `@everyone` only: comment:create, comment:update:own, comment:delete:own. */
  member: Persona;
  post: PostRow;
}

/** A server with the owner set up through the API, a plain member and a post of that member. */
export async function startStage(t: ExecutionContext): Promise<Stage> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  const member = await createMember(server.ctx, { name: 'Grace Hopper' });
  const post = await createPostAt(server.ctx, member.user, { createdAt: at(0) });
  return { server, owner, member, post };
}

/** `POST /posts/:post_id/comments` as `token`. */
export function postComment(server: TestServer, token: string, postId: string, body: unknown): Promise<TestResponse> {
  return server.request('POST', `/posts/${postId}/comments`, { token, body });
}

/** Creates a comment through the API and returns its Activity (fails loudly on anything but 201). */
// biome-ignore lint/suspicious/noExplicitAny: tests read response fields freely.
export async function commentThrough(server: TestServer, token: string, postId: string, body: unknown): Promise<any> {
  const response = await postComment(server, token, postId, body);
  if (response.status !== 201) throw new Error(`comment not created: ${response.status} ${response.text}`);
  return response.body.activity;
}

/** A comment and its activity entry written straight to storage at a chosen time. */
export async function commentAt(
  server: TestServer,
  author: UserRow,
  post: PostRow,
  fields: Partial<CommentRow> & { createdAt: string },
): Promise<{ comment: CommentRow; entry: ActivityRow }> {
  return server.ctx.storage.transaction(async (tx) => {
    const comment = await tx.comments.insert({
      id: randomUUID(),
      postId: post.id,
      parentId: null,
      userId: author.id,
      body: `Comment at ${fields.createdAt}`,
      isInternal: false,
      isEdited: false,
      isSpam: false,
      updatedAt: fields.createdAt,
      ...fields,
    });
    const entry = await tx.activities.insert({ id: randomUUID(), postId: post.id, commentId: comment.id, type: 'comment', createdAt: comment.createdAt });
    return { comment, entry };
  });
}

/** Every stored comment and activity entry, for "a refused request changes nothing" checks. */
export async function storedComments(server: TestServer): Promise<{ comments: CommentRow[]; activities: ActivityRow[]; counts: number[] }> {
  const { storage } = server.ctx;
  const posts = await storage.posts.query({ visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 1000 });
  const comments: CommentRow[] = [];
  const activities: ActivityRow[] = [];
  for (const post of posts) {
    const page = await storage.activities.pageByPost(post.id, { direction: 'asc', limit: 1000, from: { offset: 0 } });
    activities.push(...page!.rows);
    comments.push(...(await storage.comments.getMany(page!.rows.map((entry) => entry.commentId))).values());
  }
  return { comments, activities, counts: [await storage.comments.count(), await storage.activities.count()] };
}
