import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { createPost, listPosts } from '../../services/posts.js';
import { optionalAuth, requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** API.md §4.4: posts. */
export function registerPostRoutes(router: Router, ctx: ServiceContext): void {
  router.post('/posts/get', parseBody, optionalAuth(ctx), async (koa) => {
    koa.body = { posts: await listPosts(ctx, koa.state.viewer, koa.state.body) };
  });

  router.post('/posts', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = { post: await createPost(ctx, koa.state.actor, koa.state.body) };
  });
}
