import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { dashboardSummary } from '../../services/dashboard-summary.js';
import { requireAuth } from '../auth.js';

/** feedbackd's extension for the web dashboard: what its overview shows, in one request. */
export function registerDashboardRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/dashboard/summary', requireAuth(ctx), async (koa) => {
    koa.body = await dashboardSummary(ctx, koa.state.actor);
  });
}
