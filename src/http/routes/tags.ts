import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { createTag, deleteTag, listTags, setPostTags, updateTag } from '../../services/tags/tags.js';
import { optionalAuth, requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** Tags (issue 31 §1, README): the owner's labels for posts, and a post's tags. */
export function registerTagRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/tags', optionalAuth(ctx), async (koa) => {
    koa.body = { tags: await listTags(ctx, koa.state.viewer) };
  });

  router.post('/tags', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = { tag: await createTag(ctx, koa.state.actor, koa.state.body) };
  });

  router.patch('/tags/:tag_id', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { tag: await updateTag(ctx, koa.state.actor, koa.params.tag_id ?? '', koa.state.body) };
  });

  router.delete('/tags/:tag_id', parseBody, requireAuth(ctx), async (koa) => {
    await deleteTag(ctx, koa.state.actor, koa.params.tag_id ?? '');
    koa.status = 204;
  });

  router.put('/posts/:post_id/tags', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { tags: await setPostTags(ctx, koa.state.actor, koa.params.post_id ?? '', koa.state.body) };
  });
}
