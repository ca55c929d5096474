import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { getLanguage, setLanguage } from '../../services/user-language.js';
import { requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** The caller's language (issue 33), which their mails follow: feedbackd's extension beside LogChimp's profile. */
export function registerLanguageRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/auth/language', requireAuth(ctx), (koa) => {
    koa.body = { language: getLanguage(koa.state.actor) };
  });

  router.patch('/auth/language', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { language: await setLanguage(ctx, koa.state.actor, koa.state.body) };
  });
}
