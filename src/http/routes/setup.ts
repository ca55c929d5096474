import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { assertSetupOpen, getSetupStatus, setupSite } from '../../services/setup.js';
import { parseBody } from '../body.js';

/** API.md §4.2: setup status and the one-time owner setup. */
export function registerSetupRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/auth/setup', async (koa) => {
    koa.body = await getSetupStatus(ctx);
  });

  router.post(
    '/auth/setup',
    async (_koa, next) => {
      // Before the body is read: once set up, any body (even malformed or oversized) gets 403.
      await assertSetupOpen(ctx);
      await next();
    },
    parseBody,
    async (koa) => {
      const user = await setupSite(ctx, koa.state.body, koa.state.requestId);
      koa.status = 201;
      koa.body = { user };
    },
  );
}
