import { randomUUID } from 'node:crypto';
import { appError, validationError } from '../errors.js';
import type { Approval, HeldShown, PostRow, Repositories } from '../storage/types.js';
import { approvalForNew, heldShownFor } from './moderation/rules.js';
import type { Actor, ServiceContext, Viewer } from './context.js';
import { recordEvent } from './outbox/record.js';
import { can, requirePermission } from './permissions.js';
import { findVisibleMerge, toMergedFrom, visibleMergedPosts } from './merges/merged-from.js';
import { canSeePost } from './post-lookup.js';
import {
  type PostDetail,
  type PostRecordView,
  type PostView,
  toPostDetail,
  toPostRecordView,
  toPostView,
} from './post-views.js';
import { queryWords } from '../text/search-words.js';
import { dashed, randomBase36 } from './text.js';
import { MAX_POST_TAGS } from './tags/input.js';
import { seesPrivateTags, tagsOfPosts } from './tags/views.js';
import { isVisibleBoard, isVisibleRoadmap } from './visibility.js';
import { seesEveryVoter } from './voter-privacy.js';
import {
  type Body,
  codePointLength,
  integerInRange,
  isAbsentFilter,
  lookupKey,
  oneOf,
  optionalString,
  optionalUuid,
  optionalUuidArray,
  requiredText,
} from './validation/fields.js';

/** How many votes a Voters object shows (API.md §3.9). */
export const RECENT_VOTES = 6;
/** The title rule of API.md §4.4.3 rows 4–5. */
export const TITLE_RULE = { missing: 'POST_TITLE_MISSING', tooLong: 'POST_TITLE_TOO_LONG', max: 200 } as const;
const SLUG_TRIES = 5;
export const MAX_CONTENT_LENGTH = 50_000;
const MAX_QUERY_LENGTH = 200;
/** `mine` of `POST /posts/get`: the posts the caller wrote, or those they voted for. */
const MINE_KINDS = ['posted', 'voted'] as const;

/**
 * API.md §4.4.1 and §8.1: one page of the posts the viewer may see, by date or by votes, optionally
 * searched, and optionally only the viewer's own (`mine`, an extension of issue 27): an anonymous
 * caller has none, so `mine` gives them an empty list, never an error (optional auth, §2.3).
 */
export async function listPosts(ctx: ServiceContext, viewer: Viewer, body: Body): Promise<PostView[]> {
  const boardIds = optionalUuidArray(body.boardId, 'boardId', 100);
  const roadmapId = optionalUuid(body.roadmapId, 'roadmapId');
  const page = integerInRange(body.page, 'page', 1, 99_999_999, 1);
  const limit = integerInRange(body.limit, 'limit', 1, 100, 10);
  const direction = oneOf(body.created, 'created', ['asc', 'desc'], 'desc');
  const orderBy = oneOf(body.orderBy, 'orderBy', ['created', 'votes'], 'created');
  const words = parseQuery(body.query);
  const mine = isAbsentFilter(body.mine) ? undefined : oneOf(body.mine, 'mine', MINE_KINDS, 'posted');
  const tagIds = parseTagFilter(body.tags);
  const { storage } = ctx;
  if (mine && !viewer) return [];
  if (tagIds.length > 0 && !(await allVisibleTags(storage, viewer, tagIds))) return [];
  const boards = boardIds?.length ? await visibleBoardIds(storage, viewer, boardIds) : undefined;
  if (boards?.length === 0) return [];
  if (roadmapId && !isVisibleRoadmap(viewer, await storage.roadmaps.get(roadmapId))) return [];
  const posts = await storage.posts.query({
    ...(boards ? { boardIds: boards } : {}),
    ...(roadmapId ? { roadmapId } : {}),
    ...(words.length > 0 ? { words } : {}),
    ...(tagIds.length > 0 ? { tagIds } : {}),
    ...(mine && viewer ? { mine: { kind: mine, userId: viewer.user.id } } : {}),
    visibleBoardsOnly: !can(viewer, 'board:read'),
    ...heldList(viewer),
    orderBy,
    direction,
    offset: (page - 1) * limit,
    limit,
  });
  return renderPosts(ctx, viewer, posts);
}

/**
 * `tags` (issue 31 §1): an array of tag ids, at most 50; absent, null, `""` or `[]` = no tag filter. An
 * entry that is no tag id matches nothing, as an unknown id does.
 */
function parseTagFilter(value: unknown): string[] {
  if (isAbsentFilter(value)) return [];
  if (!Array.isArray(value)) throw validationError('tags', 'must be an array');
  const ids = value.map((item, index) => {
    if (typeof item !== 'string') throw validationError(`tags.${index}`, 'must be a string');
    return item.toLowerCase();
  });
  if (ids.length > MAX_POST_TAGS) throw validationError('tags', `must contain at most ${MAX_POST_TAGS} items`);
  return [...new Set(ids)];
}

/** Whether every asked tag exists and the viewer may see it: a private tag is no tag to others (no leak). */
async function allVisibleTags(storage: Repositories, viewer: Viewer, tagIds: readonly string[]): Promise<boolean> {
  const tags = await storage.tags.getMany(tagIds);
  return tagIds.every((tagId) => {
    const tag = tags.get(tagId);
    return tag !== undefined && (tag.public || seesPrivateTags(viewer));
  });
}

/** §8.1 `query`: trimmed, at most 200 code points; absent, blank or only punctuation = no words (every post matches). */
function parseQuery(value: unknown): string[] {
  if (isAbsentFilter(value)) return [];
  const query = optionalString(value, 'query')?.trim() ?? '';
  if (codePointLength(query) > MAX_QUERY_LENGTH) throw validationError('query', `cannot exceed ${MAX_QUERY_LENGTH} characters`);
  return queryWords(query);
}

/** API.md §4.4.3: creates a post and the author's vote on it, atomically. */
export async function createPost(ctx: ServiceContext, actor: Actor, body: Body): Promise<PostRecordView> {
  requirePermission(actor, 'post:create');
  const wantsRoadmap = body.roadmapId !== undefined && body.roadmapId !== null && body.roadmapId !== '';
  if (wantsRoadmap) requirePermission(actor, 'roadmap:assign');
  const title = requiredText(body.title, 'title', TITLE_RULE);
  const contentMarkdown = parseContent(body.contentMarkdown);
  const boardId = optionalUuid(body.boardId, 'boardId');
  const roadmapId = optionalUuid(body.roadmapId, 'roadmapId');
  const post = await ctx.storage.transaction(async (tx) => {
    await requireVisibleTargets(tx, actor, { boardId, roadmapId });
    const now = new Date().toISOString();
    const approval = await approvalForNew(tx, actor);
    const inserted = await insertPost(tx, { title, contentMarkdown, boardId, roadmapId, userId: actor.user.id, now, ...(approval ? { approval } : {}) });
    await tx.votes.insert({ id: randomUUID(), userId: actor.user.id, postId: inserted.id, createdAt: now });
    // A waiting post tells nobody yet: its approval records the event (issue 31 §2).
    if (!approval) await recordEvent(tx, 'post.created', inserted.id, actor, {});
    return inserted;
  });
  return toPostRecordView(post);
}

/** Slug rule of API.md §4.4: dashed transliterated title, ≤ 80 characters, `post` when empty. */
export function slugBase(title: string): string {
  return dashed(title).slice(0, 80).replace(/-+$/, '') || 'post';
}

/** API.md §4.4.2: one post by `id`, else `postId` (each only when a UUID string), else `slug`, as the viewer may see it. */
export async function showPost(ctx: ServiceContext, viewer: Viewer, body: Body): Promise<PostDetail> {
  const slug = slugKey(body.slug);
  const id = lookupKey(body.id) ?? lookupKey(body.postId);
  const { posts } = ctx.storage;
  const post = id !== undefined ? await posts.get(id) : slug ? await posts.getBySlug(slug) : undefined;
  if (!post) return showMergedPost(ctx, viewer, id !== undefined ? { id } : { slug });
  if (!(await canSeePost(ctx.storage, viewer, post))) throw appError('POST_NOT_FOUND');
  return showDetail(ctx, viewer, post);
}

/** PostDetail (API.md §3.7), with the posts merged into it when there are any (issue 30 §2). */
export async function showDetail(ctx: ServiceContext, viewer: Viewer, post: PostRow): Promise<PostDetail> {
  const [view] = await renderPosts(ctx, viewer, [post]);
  const mergedPosts = await visibleMergedPosts(ctx.storage, viewer, post.id);
  return { ...toPostDetail(post, view!), ...(mergedPosts.length > 0 ? { mergedPosts } : {}) };
}

/** A merged post's old id or slug answers its target, naming what was asked for (issue 30 §2). */
async function showMergedPost(ctx: ServiceContext, viewer: Viewer, key: { id?: string; slug?: string | undefined }): Promise<PostDetail> {
  const found = await findVisibleMerge(ctx.storage, viewer, key);
  if (!found) throw appError('POST_NOT_FOUND');
  return { ...(await showDetail(ctx, viewer, found.target)), mergedFrom: toMergedFrom(found.merge.post) };
}

/** The trimmed slug; its type is checked even when an id wins (row 1 of §4.4.2 comes first). */
function slugKey(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationError('slug', 'must be a string');
  // No NUL check: a lookup key with NUL just matches nothing (API.md §1.15.7).
  return value.trim();
}

/** 404 BOARD_NOT_FOUND / ROADMAP_NOT_FOUND unless each named board and roadmap exists and the actor may see it. */
export async function requireVisibleTargets(
  repos: Repositories,
  actor: Actor,
  targets: { boardId?: string | null | undefined; roadmapId?: string | null | undefined },
): Promise<void> {
  const { boardId, roadmapId } = targets;
  if (boardId && !isVisibleBoard(actor, await repos.boards.get(boardId))) throw appError('BOARD_NOT_FOUND');
  if (roadmapId && !isVisibleRoadmap(actor, await repos.roadmaps.get(roadmapId))) throw appError('ROADMAP_NOT_FOUND');
}

/** `contentMarkdown` as stored: verbatim, blank = null, ≤ 50,000 characters. */
export function parseContent(value: unknown): string | null {
  const content = optionalString(value, 'contentMarkdown');
  if (content === undefined || content.trim() === '') return null;
  if (codePointLength(content) > MAX_CONTENT_LENGTH) throw appError('POST_CONTENT_TOO_LONG');
  return content;
}

interface NewPost {
  title: string;
  contentMarkdown: string | null;
  boardId: string | null;
  roadmapId: string | null;
  userId: string;
  now: string;
  approval?: Approval;
}

async function insertPost(tx: Repositories, post: NewPost): Promise<PostRow> {
  const base = slugBase(post.title);
  for (let attempt = 0; attempt < SLUG_TRIES; attempt++) {
    const slugId = randomBase36(20);
    const slug = `${base}-${slugId}`;
    if (await tx.posts.getBySlug(slug)) continue;
    return tx.posts.insert({
      id: randomUUID(),
      title: post.title,
      slug,
      slugId,
      contentMarkdown: post.contentMarkdown,
      userId: post.userId,
      boardId: post.boardId,
      roadmapId: post.roadmapId,
      ...(post.approval ? { approval: post.approval } : {}),
      createdAt: post.now,
      updatedAt: post.now,
    });
  }
  throw new Error('no free post slug after several tries');
}

async function visibleBoardIds(storage: Repositories, viewer: Viewer, ids: readonly string[]): Promise<string[]> {
  const boards = await storage.boards.getMany(ids);
  return [...boards.values()].filter((board) => isVisibleBoard(viewer, board)).map((board) => board.id);
}

/** Fetches authors, voters, boards, roadmaps, vote summaries and comment counts in batches, then renders. */
export function renderPosts(ctx: ServiceContext, viewer: Viewer, posts: PostRow[]): Promise<PostView[]> {
  return renderPostsFrom(ctx.storage, viewer, posts);
}

/**
 * `renderPosts` over any repositories, a transaction's included. `everyVoter` lists voters even on
 * boards that hide them from the viewer (API.md §8.9): only for what goes to the owner alone.
 */
export async function renderPostsFrom(storage: Repositories, viewer: Viewer, posts: PostRow[], options: { everyVoter?: boolean } = {}): Promise<PostView[]> {
  if (posts.length === 0) return [];
  const postIds = posts.map((post) => post.id);
  const votes = await storage.votes.summarize(postIds, RECENT_VOTES, viewer?.user.id ?? null);
  const userIds = new Set(posts.map((post) => post.userId));
  for (const summary of votes.values()) for (const vote of summary.recent) userIds.add(vote.userId);
  const [users, boards, roadmaps, comments, tags] = await Promise.all([
    storage.users.getMany([...userIds]),
    storage.boards.getMany(presentIds(posts.map((post) => post.boardId))),
    storage.roadmaps.getMany(presentIds(posts.map((post) => post.roadmapId))),
    storage.comments.countPublicByPosts(postIds),
    tagsOfPosts(storage, viewer, postIds),
  ]);
  for (const [id, roadmap] of roadmaps) if (!isVisibleRoadmap(viewer, roadmap)) roadmaps.delete(id);
  const audience = { seesEveryVoter: options.everyVoter === true || seesEveryVoter(viewer), viewer: viewer?.user ?? null };
  return posts.map((post) => toPostView(post, { users, boards, roadmaps, votes, comments, tags, audience }));
}

function presentIds(ids: Array<string | null>): string[] {
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/** The held posts a list shows the viewer (issue 31 §2): their own waiting ones. */
function heldList(viewer: Viewer): { held?: HeldShown } {
  const held = heldShownFor(viewer);
  return held ? { held } : {};
}
