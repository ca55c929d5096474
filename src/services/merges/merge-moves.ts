/*
 * What a merge moves from the source post to the target, and how unmerge gives it back (issue 30
 * §2). Each step records what it did in the merge row, because the target keeps living meanwhile:
 * people take their votes back, reply to moved comments, change their subscriptions.
 */
import { randomUUID } from 'node:crypto';
import type { MergedVote, PostMergeMoves, PostMergeRow, PostRow, Repositories } from '../../storage/types.js';
import { readAllPages, subscriptionOf } from '../notifications/subscribers.js';

/** Unites the source's votes with the target's: a voter of both keeps their target vote; the others' votes move, id and time kept. */
export async function moveVotes(tx: Repositories, sourceId: string, targetId: string): Promise<MergedVote[]> {
  const votes = await readAllPages((request) => tx.votes.pageByPost(sourceId, request));
  const merged: MergedVote[] = [];
  for (const vote of votes) {
    const onTarget = await tx.votes.getByUserAndPost(vote.userId, targetId);
    await tx.votes.delete(vote.id);
    if (!onTarget) await tx.votes.insert({ ...vote, postId: targetId });
    merged.push({ id: vote.id, userId: vote.userId, createdAt: vote.createdAt, moved: !onTarget });
  }
  return merged;
}

/**
 * The source's own votes back, except those their authors took back on the target since: a moved
 * vote still on the target leaves it; a vote the author also had on the target stays there too.
 */
export async function restoreVotes(tx: Repositories, merge: PostMergeRow): Promise<void> {
  for (const vote of merge.moves.votes) {
    const onTarget = await tx.votes.getByUserAndPost(vote.userId, merge.intoPostId);
    // A moved vote counts as kept only while it is the same vote: one taken back and cast again is the target's own.
    if (!onTarget || (vote.moved && onTarget.id !== vote.id)) continue;
    if (vote.moved) await tx.votes.delete(onTarget.id);
    await tx.votes.insert({ id: vote.id, userId: vote.userId, postId: merge.id, createdAt: vote.createdAt });
  }
}

/** Moves every comment and reply of the source, with its activity entry; returns their ids. */
export async function moveComments(tx: Repositories, sourceId: string, targetId: string): Promise<string[]> {
  const comments = await tx.comments.listByPost(sourceId);
  for (const comment of comments) await moveComment(tx, comment.id, targetId);
  return comments.map((comment) => comment.id);
}

/** The moved comments still on the target go back, with the replies written to them since (a reply stays with its thread). */
export async function restoreComments(tx: Repositories, merge: PostMergeRow): Promise<void> {
  const thread = new Set<string>();
  for (const id of merge.moves.commentIds) if ((await tx.comments.get(id))?.postId === merge.intoPostId) thread.add(id);
  // A Set grows while it is iterated and visits each id once.
  for (const id of thread) for (const reply of await tx.comments.listReplies(id)) thread.add(reply.id);
  for (const id of thread) await moveComment(tx, id, merge.id);
}

async function moveComment(tx: Repositories, commentId: string, postId: string): Promise<void> {
  // updatedAt untouched: nobody edited the comment.
  await tx.comments.update(commentId, { postId });
  const entry = await tx.activities.getByComment(commentId);
  if (entry) await tx.activities.update(entry.id, { postId });
}

/**
 * The source's followers follow the target: its explicit subscribers and its author get a
 * subscription row there unless they already follow it (its voters and commenters follow it once
 * their votes and comments have moved). The source's own rows go with it and come back on unmerge.
 */
export async function moveSubscriptions(
  tx: Repositories,
  source: PostRow,
  target: PostRow,
  now: string,
): Promise<Pick<PostMergeMoves, 'subscriptions' | 'addedSubscriptionIds'>> {
  const rows = await tx.subscriptions.listByPost(source.id);
  const optedOut = new Set(rows.filter((row) => !row.subscribed).map((row) => row.userId));
  const followers = new Set(rows.filter((row) => row.subscribed).map((row) => row.userId));
  if (!optedOut.has(source.userId)) followers.add(source.userId);
  const added: string[] = [];
  for (const userId of followers) {
    if ((await tx.subscriptions.getByUserAndPost(userId, target.id)) || (await subscriptionOf(tx, userId, target)).subscribed) continue;
    const row = await tx.subscriptions.insert({ id: randomUUID(), userId, postId: target.id, subscribed: true, createdAt: now, updatedAt: now });
    added.push(row.id);
  }
  await tx.subscriptions.deleteByPost(source.id);
  return { subscriptions: rows, addedSubscriptionIds: added };
}

/** Removes the rows the merge added on the target and writes the source's own back (for users who still exist). */
export async function restoreSubscriptions(tx: Repositories, merge: PostMergeRow): Promise<void> {
  for (const id of merge.moves.addedSubscriptionIds) {
    const row = await tx.subscriptions.get(id);
    if (row?.postId === merge.intoPostId) await tx.subscriptions.delete(id);
  }
  const users = await tx.users.getMany(merge.moves.subscriptions.map((row) => row.userId));
  for (const row of merge.moves.subscriptions) if (users.has(row.userId)) await tx.subscriptions.insert(row);
}
