import type Router from '@koa/router';
import { deleteChangelogEntry, createChangelogEntry, listChangelog, showChangelogEntry, updateChangelogEntry } from '../../services/changelog/entries.js';
import { publishChangelogEntry } from '../../services/changelog/publish.js';
import type { ServiceContext } from '../../services/context.js';
import { optionalAuth, requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** feedbackd's changelog (issue 30 §1, README): entries that tell voters their idea shipped. */
export function registerChangelogRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/changelog', optionalAuth(ctx), async (koa) => {
    koa.body = await listChangelog(ctx, koa.state.viewer, koa.query);
  });

  router.post('/changelog', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = { entry: await createChangelogEntry(ctx, koa.state.actor, koa.state.body) };
  });

  router.get('/changelog/:slug_or_id', optionalAuth(ctx), async (koa) => {
    koa.body = { entry: await showChangelogEntry(ctx, koa.state.viewer, koa.params.slug_or_id ?? '') };
  });

  router.patch('/changelog/:entry_id', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { entry: await updateChangelogEntry(ctx, koa.state.actor, koa.params.entry_id ?? '', koa.state.body) };
  });

  router.delete('/changelog/:entry_id', parseBody, requireAuth(ctx), async (koa) => {
    await deleteChangelogEntry(ctx, koa.state.actor, koa.params.entry_id ?? '');
    koa.status = 204;
  });

  router.post('/changelog/:entry_id/publish', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { entry: await publishChangelogEntry(ctx, koa.state.actor, koa.params.entry_id ?? '', koa.state.body) };
  });
}
