import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { addVote, addVoteOnBehalf, removeVote, removeVoteOnBehalf, type VoteOnBehalfTarget } from '../../services/votes.js';
import { requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** API.md §4.5: votes by the caller, and on behalf of another user (behind the `voteOnBehalf` lab flag). */
export function registerVoteRoutes(router: Router, ctx: ServiceContext): void {
  router.post('/votes', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = { voters: await addVote(ctx, koa.state.actor, koa.state.body) };
  });

  router.delete('/votes', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { voters: await removeVote(ctx, koa.state.actor, koa.state.body) };
  });

  router.post('/posts/:post_id/votes/:user_id', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = await addVoteOnBehalf(ctx, koa.state.actor, pathTarget(koa.params));
  });

  router.delete('/posts/:post_id/votes/:user_id', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { voters: await removeVoteOnBehalf(ctx, koa.state.actor, pathTarget(koa.params)) };
  });
}

/** The post and user named by the path, as sent (the service checks them in the documented order). */
function pathTarget(params: Record<string, string | undefined>): VoteOnBehalfTarget {
  return { postId: params.post_id ?? '', userId: params.user_id ?? '' };
}
