import type { OrderedPage, OrderedPageRequest, PostRow, Repositories, UserRow } from '../../storage/types.js';

/*
 * Who gets mail about a post (issue 17). Subscriptions are mostly implicit: the author, the voters
 * and the public commenters follow a post without any row. Rows record explicit choices only: a
 * `subscribed: false` row opts such a user out, a `true` row subscribes anyone else who asked.
 * Nothing here checks whether the user can still see the post: the digest does that at send time.
 */

/** Why a user follows a post: the explicit choice first, then the implicit reasons in this order. */
export type SubscriptionReason = 'author' | 'voter' | 'commenter' | 'chosen';

export interface SubscriptionState {
  subscribed: boolean;
  /** Why the user is subscribed; null when they are not. */
  reason: SubscriptionReason | null;
}

/** Rows read per page when walking a post's votes and comments: bounded memory on a popular post. */
const PAGE_SIZE = 500;

/** One user's state for a post: an explicit row wins; else author, voter, public commenter; else not subscribed. */
export async function subscriptionOf(repos: Repositories, userId: string, post: PostRow): Promise<SubscriptionState> {
  const choice = await repos.subscriptions.getByUserAndPost(userId, post.id);
  if (choice) return { subscribed: choice.subscribed, reason: choice.subscribed ? 'chosen' : null };
  const reason = await implicitReason(repos, userId, post);
  return { subscribed: reason !== null, reason };
}

async function implicitReason(repos: Repositories, userId: string, post: PostRow): Promise<SubscriptionReason | null> {
  if (post.userId === userId) return 'author';
  if (await repos.votes.getByUserAndPost(userId, post.id)) return 'voter';
  // A user writes few comments: their own list is cheaper than the post's whole feed.
  const comments = await repos.comments.listByUser(userId);
  if (comments.some((comment) => comment.postId === post.id && !comment.isInternal && !comment.isSpam)) return 'commenter';
  return null;
}

/**
 * Every user subscribed to the post, each once: author, voters, public commenters and explicit
 * subscribers, minus explicit opt-outs and users who are blocked or turned notification mail off.
 * Reads only through `repos`, so it works inside a transaction.
 */
export async function subscriberIds(repos: Repositories, post: PostRow): Promise<string[]> {
  const candidates = new Set<string>([post.userId]);
  for (const id of await voterIds(repos, post.id)) candidates.add(id);
  for (const id of await publicCommenterIds(repos, post.id)) candidates.add(id);
  for (const choice of await repos.subscriptions.listByPost(post.id)) {
    if (choice.subscribed) candidates.add(choice.userId);
    else candidates.delete(choice.userId);
  }
  const users = await repos.users.getMany([...candidates]);
  return [...candidates].filter((id) => wantsMail(users.get(id)));
}

/** A user who exists, is not blocked and has not turned notification mail off. */
export function wantsMail(user: UserRow | undefined): user is UserRow {
  return user !== undefined && !user.isBlocked && user.notificationsOff !== true;
}

async function voterIds(repos: Repositories, postId: string): Promise<string[]> {
  const votes = await readAllPages((request) => repos.votes.pageByPost(postId, request));
  return votes.map((vote) => vote.userId);
}

/** Authors of the post's comments that are neither internal nor spam (the activity feed filters internal ones). */
async function publicCommenterIds(repos: Repositories, postId: string): Promise<string[]> {
  const entries = await readAllPages((request) => repos.activities.pageByPost(postId, { ...request, internal: false }));
  const ids: string[] = [];
  for (let start = 0; start < entries.length; start += PAGE_SIZE) {
    const comments = await repos.comments.getMany(entries.slice(start, start + PAGE_SIZE).map((entry) => entry.commentId));
    for (const comment of comments.values()) if (!comment.isInternal && !comment.isSpam) ids.push(comment.userId);
  }
  return ids;
}

/**
 * Every row of an ordered list, page after page by cursor. Inside a transaction, as the worker
 * calls it, the list holds still; outside one, a cursor row deleted meanwhile ends the walk early.
 */
export async function readAllPages<Row extends { id: string }>(
  readPage: (request: OrderedPageRequest) => Promise<OrderedPage<Row> | undefined>,
): Promise<Row[]> {
  const rows: Row[] = [];
  let from: OrderedPageRequest['from'] = { offset: 0 };
  for (;;) {
    const page = await readPage({ direction: 'asc', limit: PAGE_SIZE, from });
    if (!page) return rows;
    rows.push(...page.rows);
    const last = page.rows.at(-1);
    if (!page.hasMore || !last) return rows;
    from = { after: last.id };
  }
}
