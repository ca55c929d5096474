import { AppError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import { approve, decline, type Decision, type HeldKind, listQueue, type ModerationQueue, parseQueueQuery } from '../services/moderation/queue.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { systemActor } from './system-actor.js';

/**
 * `feedbackd moderation …` (issue 31 §2): the approval queue through the same services as
 * `GET /moderation` and `POST /moderation/{posts|comments}/:id/approve|decline`, as the system.
 * `item` names a post (id or slug) or a comment (id).
 */
export const MODERATION_OPERATIONS: OperationTable = {
  'moderation.list': (ctx, args) => listOf(ctx, args),
  'moderation.approve': async (ctx, args) => {
    const { kind, id } = await findItem(ctx, args.item);
    return { kind, id, ...(await approve(ctx, systemActor(), kind, id, { trust: args.trust === true })) };
  },
  'moderation.decline': async (ctx, args) => {
    const { kind, id } = await findItem(ctx, args.item);
    return { kind, id, ...(await decline(ctx, systemActor(), kind, id, { block: args.block === true })) };
  },
};

/** What `moderation approve|decline` answers: the decision and what it was on. */
export type ItemDecision = Decision & { kind: HeldKind; id: string };

function listOf(ctx: ServiceContext, args: OperationArgs): Promise<ModerationQueue> {
  const query = {
    approval: args.spam === true ? 'spam' : 'waiting',
    ...(args.page === undefined ? {} : { page: String(args.page) }),
    ...(args.limit === undefined ? {} : { limit: String(args.limit) }),
  };
  return listQueue(ctx, systemActor(), parseQueueQuery(query));
}

/** A post by id or slug, else a comment by id; else NOT_FOUND. */
async function findItem(ctx: ServiceContext, ref: unknown): Promise<{ kind: HeldKind; id: string }> {
  if (typeof ref !== 'string' || ref.trim() === '') throw new AppError('VALIDATION_ERROR', 'item must name a post (id or slug) or a comment (id)', 400);
  const key = ref.trim();
  const post = (await ctx.storage.posts.get(key.toLowerCase())) ?? (await ctx.storage.posts.getBySlug(key));
  if (post) return { kind: 'post', id: post.id };
  const comment = await ctx.storage.comments.get(key.toLowerCase());
  if (comment) return { kind: 'comment', id: comment.id };
  throw new AppError('NOT_FOUND', `No post or comment ${JSON.stringify(key)}: name a post by id or slug, or a comment by id.`, 404);
}
