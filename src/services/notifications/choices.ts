import { randomUUID } from 'node:crypto';
import { type Storage, UniqueViolation } from '../../storage/types.js';

/**
 * Records a user's explicit choice for a post (the one row of the pair, created or updated).
 * Two first choices at once both try to insert: the loser's transaction fails on
 * `subscriptions.userPost` and is run again, now finding the winner's row to update.
 */
export async function writeChoice(storage: Storage, userId: string, postId: string, subscribed: boolean): Promise<void> {
  try {
    await upsertChoice(storage, userId, postId, subscribed);
  } catch (error) {
    if (!(error instanceof UniqueViolation)) throw error;
    await upsertChoice(storage, userId, postId, subscribed);
  }
}

function upsertChoice(storage: Storage, userId: string, postId: string, subscribed: boolean): Promise<void> {
  const now = new Date().toISOString();
  return storage.transaction(async (tx) => {
    const row = await tx.subscriptions.getByUserAndPost(userId, postId);
    if (row?.subscribed === subscribed) return;
    if (row) await tx.subscriptions.update(row.id, { subscribed, updatedAt: now });
    else await tx.subscriptions.insert({ id: randomUUID(), userId, postId, subscribed, createdAt: now, updatedAt: now });
  });
}
