import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { approve, decline, type HeldKind, listQueue, markSpam, parseQueueQuery } from '../../services/moderation/queue.js';
import { issueFormToken } from '../../services/form-check.js';
import { requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** Issue 31 §2 (feedbackd's extension): the approval queue, for holders of `moderation:review`. */
export function registerModerationRoutes(router: Router, ctx: ServiceContext): void {
  // The sign-up and new-post forms' token (issue 31 §2): anyone, no storage.
  router.get('/forms/token', (koa) => {
    koa.set('Cache-Control', 'no-store');
    koa.body = issueFormToken(ctx);
  });
  router.get('/moderation', requireAuth(ctx), async (koa) => {
    const request = parseQueueQuery(koa.query);
    koa.body = { moderation: await listQueue(ctx, koa.state.actor, request) };
  });
  for (const [kind, path, param] of [
    ['post', 'posts', 'post_id'],
    ['comment', 'comments', 'comment_id'],
  ] as const satisfies ReadonlyArray<readonly [HeldKind, string, string]>) {
    router.post(`/moderation/${path}/:${param}/approve`, parseBody, requireAuth(ctx), async (koa) => {
      koa.body = { decision: await approve(ctx, koa.state.actor, kind, koa.params[param] ?? '', koa.state.body) };
    });
    router.post(`/moderation/${path}/:${param}/decline`, parseBody, requireAuth(ctx), async (koa) => {
      koa.body = { decision: await decline(ctx, koa.state.actor, kind, koa.params[param] ?? '', koa.state.body) };
    });
    router.post(`/moderation/${path}/:${param}/spam`, parseBody, requireAuth(ctx), async (koa) => {
      koa.body = { decision: await markSpam(ctx, koa.state.actor, kind, koa.params[param] ?? '') };
    });
  }
}
