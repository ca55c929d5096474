import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import {
  createRoadmap,
  deleteRoadmap,
  listRoadmaps,
  searchRoadmaps,
  showRoadmap,
  swapRoadmaps,
  updateRoadmap,
} from '../../services/roadmaps.js';
import { optionalAuth, requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** API.md §4.7: roadmaps. The literal `/roadmaps/search/:name` and `/roadmaps/sort` beat `/roadmaps/:url` for their methods. */
export function registerRoadmapRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/roadmaps', optionalAuth(ctx), async (koa) => {
    koa.body = await listRoadmaps(ctx, koa.state.viewer, koa.query);
  });

  router.get('/roadmaps/search/:name', requireAuth(ctx), async (koa) => {
    koa.body = { roadmaps: await searchRoadmaps(ctx, koa.state.actor, koa.params.name ?? '', koa.query) };
  });

  router.get('/roadmaps/:url', optionalAuth(ctx), async (koa) => {
    koa.body = { roadmap: await showRoadmap(ctx, koa.state.viewer, koa.params.url ?? '') };
  });

  router.post('/roadmaps', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = { roadmap: await createRoadmap(ctx, koa.state.actor, koa.state.body) };
  });

  router.patch('/roadmaps/sort', parseBody, requireAuth(ctx), async (koa) => {
    await swapRoadmaps(ctx, koa.state.actor, koa.state.body);
    koa.status = 204;
  });

  router.patch('/roadmaps', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { roadmap: await updateRoadmap(ctx, koa.state.actor, koa.state.body) };
  });

  router.delete('/roadmaps', parseBody, requireAuth(ctx), async (koa) => {
    await deleteRoadmap(ctx, koa.state.actor, koa.state.body);
    koa.status = 204;
  });
}
