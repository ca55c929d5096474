import type Router from '@koa/router';
import { appError } from '../../errors.js';
import type { ServiceContext } from '../../services/context.js';
import { VERSION } from '../../version.js';

/** API.md §8.4: every feature is available on a self-hosted board; LogChimp's frontend reads `hierarchy` to show comments. */
const LICENSE = Object.freeze({ status: 'active', hierarchy: 2 });

/** API.md §4.1 and §8.4: the health check and the licence answer (auth none, no body, so no middleware before the handler). */
export function registerHealthRoutes(router: Router, services: ServiceContext): void {
  router.get('/health', async (ctx) => {
    if (!(await services.storage.isWritable())) throw appError('STORAGE_UNAVAILABLE');
    ctx.body = { status: 'ok', version: VERSION };
  });

  router.get('/license', (ctx) => {
    ctx.body = LICENSE;
  });
}
