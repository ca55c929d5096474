import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { logInWithLink, requestSignInLink } from '../../services/identity/sign-in-link.js';
import { parseBody } from '../body.js';
import { rateLimit } from '../rate-limit.js';
import { requestLocale } from '../request-locale.js';

/** Issue 28: sign in with a link mailed to the address (described by the served OpenAPI document). */
export function registerSignInLinkRoutes(router: Router, ctx: ServiceContext): void {
  router.post('/auth/magic-link', parseBody, rateLimit(ctx, 'magicLink'), async (koa) => {
    koa.body = { magicLink: await requestSignInLink(ctx, koa.state.body, requestLocale(koa), koa.state.requestId) };
  });

  router.post('/auth/magic-link/login', parseBody, rateLimit(ctx, 'magicLinkLogin'), async (koa) => {
    koa.body = { user: await logInWithLink(ctx, koa.state.body, requestLocale(koa)) };
  });
}
