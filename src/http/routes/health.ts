import type Router from '@koa/router';
import { appError } from '../../errors.js';
import type { ServiceContext } from '../../services/context.js';
import { VERSION } from '../../version.js';

/** API.md §4.1: the health check (auth none, no body, so no middleware before the handler). */
export function registerHealthRoutes(router: Router, services: ServiceContext): void {
  router.get('/health', async (ctx) => {
    if (!(await services.storage.isWritable())) throw appError('STORAGE_UNAVAILABLE');
    ctx.body = { status: 'ok', version: VERSION };
  });
}
