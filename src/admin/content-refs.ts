import { AppError, appError, type ErrorCode, validationError } from '../errors.js';
import type { BoardRow, PostRow, Repositories, RoadmapRow, RoleRow, TagRow } from '../storage/types.js';
import { lookupKey, rejectNul } from '../services/validation/fields.js';

/*
 * How the operator's commands name boards, roadmaps, posts, roles and tags: by id (any hex case) or by
 * the name people see (a board's or roadmap's url, a post's slug, a role's or tag's name). An id wins
 * when a text could be both. Urls and slugs are stored lower-case, so any case finds them.
 */

/** The text of a reference as typed: a non-blank string (VALIDATION_ERROR otherwise), trimmed. */
export function parseRef(value: unknown, path: string): string {
  if (typeof value !== 'string') throw validationError(path, 'must be a string');
  rejectNul(path, value);
  const ref = value.trim();
  if (ref === '') throw validationError(path, 'must not be blank');
  return ref;
}

/** The board with this id or url; 404 BOARD_NOT_FOUND naming the reference. */
export async function findBoardRef(repos: Pick<Repositories, 'boards'>, value: unknown, path = 'board'): Promise<BoardRow> {
  const ref = parseRef(value, path);
  const id = lookupKey(ref);
  const board = (id && (await repos.boards.get(id))) || (await repos.boards.getByUrl(ref.toLowerCase()));
  if (!board) throw notFound('BOARD_NOT_FOUND', ref);
  return board;
}

/** The roadmap with this id or url; 404 ROADMAP_NOT_FOUND naming the reference. */
export async function findRoadmapRef(repos: Pick<Repositories, 'roadmaps'>, value: unknown, path = 'roadmap'): Promise<RoadmapRow> {
  const ref = parseRef(value, path);
  const id = lookupKey(ref);
  const roadmap = (id && (await repos.roadmaps.get(id))) || (await repos.roadmaps.getByUrl(ref.toLowerCase()));
  if (!roadmap) throw notFound('ROADMAP_NOT_FOUND', ref);
  return roadmap;
}

/** The post with this id or slug, on any board (hidden ones too); 404 POST_NOT_FOUND naming the reference. */
export async function findPostRef(repos: Pick<Repositories, 'posts'>, value: unknown, path = 'post'): Promise<PostRow> {
  const ref = parseRef(value, path);
  const id = lookupKey(ref);
  const post = (id && (await repos.posts.get(id))) || (await repos.posts.getBySlug(ref.toLowerCase()));
  if (!post) throw notFound('POST_NOT_FOUND', ref);
  return post;
}

/** The post, live or merged into another (issue 30 §2), with this id or slug; 404 POST_NOT_FOUND naming the reference. */
export async function findPostOrMergedRef(repos: Pick<Repositories, 'posts' | 'postMerges'>, value: unknown, path = 'post'): Promise<PostRow> {
  const ref = parseRef(value, path);
  const id = lookupKey(ref);
  const live = (id && (await repos.posts.get(id))) || (await repos.posts.getBySlug(ref.toLowerCase()));
  const merge = live ? undefined : (id && (await repos.postMerges.get(id))) || (await repos.postMerges.getBySlug(ref.toLowerCase()));
  const post = live || merge?.post;
  if (!post) throw notFound('POST_NOT_FOUND', ref);
  return post;
}

/** The role with this id or name (any case); 404 ROLE_NOT_FOUND naming the reference. */
export async function findRoleRef(repos: Pick<Repositories, 'roles'>, value: unknown, path = 'role'): Promise<RoleRow> {
  const ref = parseRef(value, path);
  const id = lookupKey(ref);
  const role = (id && (await repos.roles.get(id))) || (await repos.roles.getByName(ref));
  if (!role) throw notFound('ROLE_NOT_FOUND', ref);
  return role;
}

/** The tag with this id or name (any case); 404 TAG_NOT_FOUND naming the reference. */
export async function findTagRef(repos: Pick<Repositories, 'tags'>, value: unknown, path = 'tag'): Promise<TagRow> {
  const ref = parseRef(value, path);
  const id = lookupKey(ref);
  const tag = (id && (await repos.tags.get(id))) || (await repos.tags.getByName(ref));
  if (!tag) throw notFound('TAG_NOT_FOUND', ref);
  return tag;
}

/** The catalogue's 404 with what was looked for appended: the operator typed it, so it is worth repeating. */
function notFound(code: ErrorCode, ref: string): AppError {
  const { message, status } = appError(code);
  return new AppError(code, `${message}: ${ref}`, status);
}
