import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { getLabs, getSiteSettings, updateLabs, updateSiteSettings } from '../../services/settings.js';
import { requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** API.md §4.10: site settings and lab flags; reading is public, writing needs `settings:update`. */
export function registerSettingsRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/settings/site', async (koa) => {
    koa.body = { settings: await getSiteSettings(ctx) };
  });

  router.patch('/settings/site', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { settings: await updateSiteSettings(ctx, koa.state.actor, koa.state.body) };
  });

  router.get('/settings/labs', async (koa) => {
    koa.body = { labs: await getLabs(ctx) };
  });

  router.patch('/settings/labs', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { labs: await updateLabs(ctx, koa.state.actor, koa.state.body) };
  });
}
