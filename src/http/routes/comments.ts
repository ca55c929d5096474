import type Router from '@koa/router';
import { listActivity } from '../../services/activity.js';
import { type CommentTarget, createComment, deleteComment, updateComment } from '../../services/comments.js';
import type { ServiceContext } from '../../services/context.js';
import { optionalAuth, requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** API.md §4.11: a post's activity feed and its comments. */
export function registerCommentRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/posts/:post_id/activity', optionalAuth(ctx), async (koa) => {
    koa.body = { activity: await listActivity(ctx, koa.state.viewer, koa.params.post_id ?? '', koa.query) };
  });

  router.post('/posts/:post_id/comments', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = { activity: await createComment(ctx, koa.state.actor, koa.params.post_id ?? '', koa.state.body) };
  });

  router.put('/posts/:post_id/comments/:comment_id', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { comment: await updateComment(ctx, koa.state.actor, commentTarget(koa.params), koa.state.body) };
  });

  router.delete('/posts/:post_id/comments/:comment_id', parseBody, requireAuth(ctx), async (koa) => {
    await deleteComment(ctx, koa.state.actor, commentTarget(koa.params));
    koa.status = 204;
  });
}

function commentTarget(params: Record<string, string | undefined>): CommentTarget {
  return { postId: params.post_id ?? '', commentId: params.comment_id ?? '' };
}
