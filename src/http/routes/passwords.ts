import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { requestPasswordReset, setPasswordWithToken, validateResetToken } from '../../services/password-reset.js';
import { parseBody } from '../body.js';
import { rateLimit } from '../rate-limit.js';

/** API.md §4.3.5–4.3.7: password reset by mailed token. */
export function registerPasswordsRoutes(router: Router, ctx: ServiceContext): void {
  router.post('/auth/password/reset', parseBody, rateLimit(ctx, 'passwordReset'), async (koa) => {
    koa.body = { reset: await requestPasswordReset(ctx, koa.state.body, koa.state.requestId) };
  });

  router.post('/auth/password/validateToken', parseBody, rateLimit(ctx, 'mailToken'), async (koa) => {
    koa.body = { reset: await validateResetToken(ctx, koa.state.body) };
  });

  router.post('/auth/password/set', parseBody, rateLimit(ctx, 'mailToken'), async (koa) => {
    koa.body = { reset: await setPasswordWithToken(ctx, koa.state.body) };
  });
}
