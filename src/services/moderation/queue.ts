import { appError, validationError } from '../../errors.js';
import { type CommentRow, isHeld, type PostRow, type Repositories, type UserRow } from '../../storage/types.js';
import { removeCommentThread } from '../comment-removal.js';
import { type CommentView, toCommentView } from '../comment-views.js';
import type { Actor, ServiceContext } from '../context.js';
import { mailText } from '../../i18n/mail/catalogue.js';
import { mailLocale } from '../mail/mail-locale.js';
import { escapeHtml, greeting, htmlDocument, paragraph } from '../mail/messages.js';
import { recordEvent } from '../outbox/record.js';
import { requirePermission } from '../permissions.js';
import { removePostWithDependents } from '../post-delete.js';
import { type PostView, type PublicUser, toPublicUser } from '../post-views.js';
import { renderPostsFrom } from '../posts.js';
import { type Body, lookupKey } from '../validation/fields.js';
import type { QueryInput } from '../validation/query.js';
import { REVIEW_PERMISSION } from './rules.js';

/*
 * The approval queue (issue 31 §2): moderators (`moderation:review`) list the waiting posts and
 * comments, oldest first, or the spam ones; approve them (optionally trusting the author), decline
 * them (deleted, the author told by one mail; optionally blocking the author) or mark them spam
 * (hidden, kept for review; approving undoes it). The API and `feedbackd moderation` share these.
 * An approved post or comment is announced then, as if just posted: `post.created` /
 * `comment.created` enter the outbox, so webhooks and notification mail follow.
 */

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/** What the queue lists: held rows of one state, by page. */
export interface QueueRequest {
  approval: 'waiting' | 'spam';
  page: number;
  limit: number;
}

/** A held comment with its author and post. */
export interface QueuedComment {
  comment: CommentView;
  author: PublicUser;
  post: { postId: string; title: string; slug: string };
}

/** `GET /moderation`: one page of each list, and how many wait (for the navigation's badge) or are spam. */
export interface ModerationQueue {
  approval: 'waiting' | 'spam';
  posts: PostView[];
  comments: QueuedComment[];
  counts: { waitingPosts: number; waitingComments: number; spamPosts: number; spamComments: number };
}

/** `approval` (`waiting` default, or `spam`), `page` (1…), `limit` (1..100, 20). */
export function parseQueueQuery(query: QueryInput): QueueRequest {
  const approval = query.approval === undefined || query.approval === '' ? 'waiting' : query.approval;
  if (approval !== 'waiting' && approval !== 'spam') throw validationError('approval', 'must be "waiting" or "spam"');
  return { approval, page: positive(query.page, 'page', 1, 99_999_999, 1), limit: positive(query.limit, 'limit', 1, MAX_LIMIT, DEFAULT_LIMIT) };
}

function positive(value: unknown, path: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw validationError(path, `must be an integer from ${min} to ${max}`);
  return n;
}

/** The queue as a moderator sees it. */
export async function listQueue(ctx: ServiceContext, actor: Actor, request: QueueRequest): Promise<ModerationQueue> {
  requirePermission(actor, REVIEW_PERMISSION);
  const { storage } = ctx;
  const page = { approval: request.approval, offset: (request.page - 1) * request.limit, limit: request.limit };
  const [posts, comments, counts] = await Promise.all([storage.posts.held(page), storage.comments.held(page), heldCounts(storage)]);
  return {
    approval: request.approval,
    posts: await renderPostsFrom(storage, actor, posts.rows, { everyVoter: true }),
    comments: await queuedComments(storage, comments.rows),
    counts,
  };
}

/** How many posts and comments wait and are spam. */
export async function heldCounts(repos: Repositories): Promise<ModerationQueue['counts']> {
  const none = { offset: 0, limit: 0 };
  const [waitingPosts, waitingComments, spamPosts, spamComments] = await Promise.all([
    repos.posts.held({ ...none, approval: 'waiting' }),
    repos.comments.held({ ...none, approval: 'waiting' }),
    repos.posts.held({ ...none, approval: 'spam' }),
    repos.comments.held({ ...none, approval: 'spam' }),
  ]);
  return { waitingPosts: waitingPosts.total, waitingComments: waitingComments.total, spamPosts: spamPosts.total, spamComments: spamComments.total };
}

async function queuedComments(repos: Repositories, comments: CommentRow[]): Promise<QueuedComment[]> {
  const [posts, users] = await Promise.all([
    repos.posts.getMany([...new Set(comments.map((comment) => comment.postId))]),
    repos.users.getMany([...new Set(comments.map((comment) => comment.userId))]),
  ]);
  return comments.flatMap((comment) => {
    const post = posts.get(comment.postId);
    const author = users.get(comment.userId);
    if (!post || !author) return [];
    return [{ comment: toCommentView(comment), author: toPublicUser(author), post: { postId: post.id, title: post.title, slug: post.slug } }];
  });
}

/** What a decision on a post or comment did. */
export interface Decision {
  /** `approved`, `declined` (deleted) or `spam`. */
  result: 'approved' | 'declined' | 'spam';
  /** The author, after the decision (trusted or blocked when asked). */
  author: { userId: string; isTrusted: boolean; isBlocked: boolean } | null;
}

/** Which kind of row a decision is on. */
export type HeldKind = 'post' | 'comment';

/** `POST /moderation/{posts|comments}/:id/approve` `{ trust? }`: approved, announced if it waited; `trust` marks the author trusted. */
export async function approve(ctx: ServiceContext, actor: Actor, kind: HeldKind, idParam: string, body: Body): Promise<Decision> {
  requirePermission(actor, REVIEW_PERMISSION);
  const trust = optionalFlag(body.trust, 'trust');
  return ctx.storage.transaction(async (tx) => {
    const row = await findRow(tx, kind, idParam);
    const author = await tx.users.get(row.userId);
    if (row.approval === 'waiting' || row.approval === 'spam') {
      const now = new Date().toISOString();
      // A post that waited takes its place among the newest, as if just posted; a comment keeps its place in its thread.
      const posted = row.approval === 'waiting' ? { createdAt: now } : {};
      if (kind === 'post') await tx.posts.update(row.id, { approval: 'approved', ...posted, updatedAt: now });
      else await tx.comments.update(row.id, { approval: 'approved', updatedAt: now });
      // Announced now, as if just posted (a spam one that never waited was announced before).
      if (row.approval === 'waiting') await announce(tx, kind, row, author);
      // Nothing about a held post leaves the site, its comments included: they are announced with it.
      if (row.approval === 'waiting' && kind === 'post') await announceComments(tx, row.id);
    }
    const updated = author && trust && author.isTrusted !== true ? await tx.users.update(author.id, { isTrusted: true, updatedAt: new Date().toISOString() }) : author;
    return { result: 'approved', author: authorOf(updated) };
  });
}

/** `…/decline` `{ block? }`: deleted with what hangs off it, nobody told but the author (one mail); `block` blocks the author. */
export async function decline(ctx: ServiceContext, actor: Actor, kind: HeldKind, idParam: string, body: Body): Promise<Decision> {
  requirePermission(actor, REVIEW_PERMISSION);
  const block = optionalFlag(body.block, 'block');
  const { decision, mail } = await ctx.storage.transaction(async (tx) => {
    const row = await findRow(tx, kind, idParam);
    const author = await tx.users.get(row.userId);
    if (author?.isOwner && block) throw appError('NOT_ENOUGH_PERMISSION');
    if (kind === 'post') await removePostWithDependents(tx, row.id, actor, { announce: row.approval !== 'waiting' && row.approval !== 'spam' });
    else await removeCommentThread(tx, row.id);
    const updated =
      author && block && !author.isBlocked ? await tx.users.update(author.id, { isBlocked: true, updatedAt: new Date().toISOString() }) : author;
    const what = kind === 'post' ? { post: (row as PostRow).title } : { post: null };
    return { decision: { result: 'declined' as const, author: authorOf(updated) }, mail: author ? { author, what } : null };
  });
  if (mail) queueDeclinedMail(ctx, mail.author, mail.what);
  return decision;
}

/** `…/spam`: hidden like a declined one, kept for review; approving it brings it back. */
export async function markSpam(ctx: ServiceContext, actor: Actor, kind: HeldKind, idParam: string): Promise<Decision> {
  requirePermission(actor, REVIEW_PERMISSION);
  return ctx.storage.transaction(async (tx) => {
    const row = await findRow(tx, kind, idParam);
    if (row.approval !== 'spam') {
      const now = new Date().toISOString();
      if (kind === 'post') await tx.posts.update(row.id, { approval: 'spam', updatedAt: now });
      else await tx.comments.update(row.id, { approval: 'spam', updatedAt: now });
    }
    return { result: 'spam', author: authorOf(await tx.users.get(row.userId)) };
  });
}

/** The post or comment named by a path parameter: 404 POST_NOT_FOUND / COMMENT_NOT_FOUND for no id or no row. */
async function findRow(tx: Repositories, kind: HeldKind, idParam: string): Promise<PostRow | CommentRow> {
  const id = lookupKey(idParam);
  const row = id === undefined ? undefined : kind === 'post' ? await tx.posts.get(id) : await tx.comments.get(id);
  if (!row) throw appError(kind === 'post' ? 'POST_NOT_FOUND' : 'COMMENT_NOT_FOUND');
  return row;
}

/** The events a post or comment records when it is posted: recorded at its approval instead. */
async function announce(tx: Repositories, kind: HeldKind, row: PostRow | CommentRow, author: UserRow | undefined): Promise<void> {
  const actor: Actor | null = author ? { user: author, permissions: new Set() } : null;
  if (kind === 'post') {
    await recordEvent(tx, 'post.created', row.id, actor, {});
    return;
  }
  const comment = (await tx.comments.get(row.id))!;
  if (comment.isInternal || !author) return;
  await recordEvent(tx, 'comment.created', comment.postId, actor, { comment: toCommentView(comment), author: toPublicUser(author) });
}

/** The approved comments a post gathered while it waited, announced in their order. */
async function announceComments(tx: Repositories, postId: string): Promise<void> {
  for (const comment of await tx.comments.listByPost(postId)) {
    if (isHeld(comment)) continue;
    await announce(tx, 'comment', comment, await tx.users.get(comment.userId));
  }
}

function authorOf(user: UserRow | undefined): Decision['author'] {
  return user ? { userId: user.id, isTrusted: user.isTrusted === true, isBlocked: user.isBlocked } : null;
}

function optionalFlag(value: unknown, path: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw validationError(path, 'must be a boolean');
  return value;
}

/** One mail to the author of a declined post or comment, after the answer. */
function queueDeclinedMail(ctx: ServiceContext, author: UserRow, what: { post: string | null }): void {
  const delivery = (async () => {
    if (author.isBlocked) return;
    const settings = await ctx.storage.settings.get();
    const { title } = settings;
    const locale = mailLocale(author, settings);
    const hello = greeting(author.name, locale);
    const line =
      what.post === null ? mailText(locale, 'declined.comment', { site: title }) : mailText(locale, 'declined.post', { site: title, title: what.post });
    const text = [hello, '', line, ''].join('\n');
    await ctx.mailer.send({
      to: author.email,
      subject: mailText(locale, 'declined.subject', { site: title }),
      text,
      html: htmlDocument([paragraph(escapeHtml(hello)), paragraph(escapeHtml(line))], locale),
      kind: 'notification',
      siteTitle: title,
    });
  })();
  ctx.background.track(delivery);
}
