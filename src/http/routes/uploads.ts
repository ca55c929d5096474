import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { createUpload } from '../../services/uploads.js';
import { requireAuth } from '../auth.js';
import { rateLimit } from '../rate-limit.js';
import { readUpload, requireUploader } from '../uploads.js';

/** Images for posts and comments (issue 31 §3, README): 401 → 403 → 429 RATE_LIMITED → 413/400 reading → the image's checks. */
export function registerUploadRoutes(router: Router, ctx: ServiceContext): void {
  router.post('/uploads', requireAuth(ctx), requireUploader, rateLimit(ctx, 'upload'), readUpload(ctx), async (koa) => {
    koa.status = 201;
    koa.body = { upload: await createUpload(ctx, koa.state.actor, koa.state.upload!) };
  });
}
