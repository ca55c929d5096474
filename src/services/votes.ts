import { randomUUID } from 'node:crypto';
import { appError } from '../errors.js';
import { type PostRow, type Repositories, UniqueViolation, type UserRow } from '../storage/types.js';
import type { Permission } from './actors.js';
import { recordEvent } from './outbox/record.js';
import type { Actor, ServiceContext } from './context.js';
import { requirePermission } from './permissions.js';
import { findVisiblePost } from './post-lookup.js';
import { type PublicUser, toPublicUser, toVoters, type Voters } from './post-views.js';
import { RECENT_VOTES } from './posts.js';
import { hidesVotersFrom } from './voter-privacy.js';
import { type Body, lookupKey } from './validation/fields.js';

/** The path parameters of the vote-on-behalf routes, as sent. */
export interface VoteOnBehalfTarget {
  postId: string;
  userId: string;
}

/*
 * Each change is one small transaction; the Voters answer is read after it commits. Reading every
 * vote of the post inside the transaction would make concurrent votes on one popular post conflict
 * with each other on a serialisable database (PostgreSQL), to be retried again and again.
 */

/** API.md §4.5.1: the caller votes on a post (one vote per user and post). */
export async function addVote(ctx: ServiceContext, actor: Actor, body: Body): Promise<Voters> {
  const post = await ctx.storage.transaction(async (tx) => {
    const found = await findVisiblePost(tx, actor, lookupKey(body.postId));
    requirePermission(actor, 'vote:create');
    await insertVote(tx, actor, actor.user, found.id);
    return found;
  });
  return renderVoters(ctx.storage, post, actor);
}

/** API.md §4.5.2: the caller takes back their vote. */
export async function removeVote(ctx: ServiceContext, actor: Actor, body: Body): Promise<Voters> {
  const post = await ctx.storage.transaction(async (tx) => {
    const found = await findVisiblePost(tx, actor, lookupKey(body.postId));
    requirePermission(actor, 'vote:destroy');
    await deleteVote(tx, actor, actor.user, found.id);
    return found;
  });
  return renderVoters(ctx.storage, post, actor);
}

/** API.md §4.5.3's answer: the post's voters (viewerVote is the caller's own) and the vote just made for the target user. */
export interface VoteOnBehalfResult {
  voters: Voters;
  vote: { voteId: string; user: PublicUser };
}

/** API.md §4.5.3: a vote owned by another user. */
export async function addVoteOnBehalf(ctx: ServiceContext, actor: Actor, target: VoteOnBehalfTarget): Promise<VoteOnBehalfResult> {
  const { post, vote } = await ctx.storage.transaction(async (tx) => {
    const { post: found, user } = await onBehalfTarget(tx, actor, target, 'vote:assign');
    const voteId = await insertVote(tx, actor, user, found.id);
    return { post: found, vote: { voteId, user: toPublicUser(user) } };
  });
  return { voters: await renderVoters(ctx.storage, post, actor), vote };
}

/** API.md §4.5.4: removes another user's vote. */
export async function removeVoteOnBehalf(ctx: ServiceContext, actor: Actor, target: VoteOnBehalfTarget): Promise<Voters> {
  const post = await ctx.storage.transaction(async (tx) => {
    const { post: found, user } = await onBehalfTarget(tx, actor, target, 'vote:unassign');
    await deleteVote(tx, actor, user, found.id);
    return found;
  });
  return renderVoters(ctx.storage, post, actor);
}

/**
 * The Voters object of a post (API.md §3.9): the newest votes, the count and the caller's own vote;
 * on a board that hides voters from the caller (§8.9), their own vote is the only one listed.
 */
export async function renderVoters(repos: Repositories, post: PostRow, actor: Actor): Promise<Voters> {
  const summary = (await repos.votes.summarize([post.id], RECENT_VOTES, actor.user.id)).get(post.id);
  const board = post.boardId ? await repos.boards.get(post.boardId) : undefined;
  if (summary && hidesVotersFrom(actor, board)) {
    const own = summary.viewerVote;
    return toVoters({ ...summary, recent: own ? [own] : [] }, new Map([[actor.user.id, actor.user]]));
  }
  const users = await repos.users.getMany(summary?.recent.map((vote) => vote.userId) ?? []);
  return toVoters(summary, users);
}

/** Checks rows 1–5 of §4.5.3 in order: post (404), lab flag (403), permission (403), user id (400), user (404). */
async function onBehalfTarget(
  tx: Repositories,
  actor: Actor,
  target: VoteOnBehalfTarget,
  permission: Permission,
): Promise<{ post: PostRow; user: UserRow }> {
  const post = await findVisiblePost(tx, actor, lookupKey(target.postId));
  if (!(await tx.settings.get()).labs.voteOnBehalf) throw appError('LABS_DISABLED');
  requirePermission(actor, permission);
  const userId = lookupKey(target.userId);
  if (userId === undefined) throw appError('INVALID_USER_ID');
  const user = await tx.users.get(userId);
  if (!user) throw appError('USER_NOT_FOUND');
  return { post, user };
}

/** Inserts the vote; returns its id. */
async function insertVote(tx: Repositories, actor: Actor, voter: UserRow, postId: string): Promise<string> {
  try {
    const vote = await tx.votes.insert({ id: randomUUID(), userId: voter.id, postId, createdAt: new Date().toISOString() });
    await recordEvent(tx, 'vote.created', postId, actor, { voteId: vote.id, user: toPublicUser(voter) });
    return vote.id;
  } catch (error) {
    // The storage rule, not a prior read, decides: concurrent identical votes cannot both pass.
    if (error instanceof UniqueViolation && error.constraint === 'votes.userPost') throw appError('VOTE_EXISTS');
    throw error;
  }
}

async function deleteVote(tx: Repositories, actor: Actor, voter: UserRow, postId: string): Promise<void> {
  const vote = await tx.votes.getByUserAndPost(voter.id, postId);
  if (!vote) throw appError('VOTE_NOT_FOUND');
  await tx.votes.delete(vote.id);
  await recordEvent(tx, 'vote.deleted', postId, actor, { voteId: vote.id, user: toPublicUser(voter) });
}
