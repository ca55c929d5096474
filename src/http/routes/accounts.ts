import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { checkForm } from '../../services/form-check.js';
import { confirmEmail, resendVerificationEmail } from '../../services/email-verification.js';
import { logIn, prepareLogin } from '../../services/login.js';
import { signUp } from '../../services/signup.js';
import { signInWithSso } from '../../services/sso/sign-in.js';
import { requireAuth } from '../auth.js';
import { parseBody } from '../body.js';
import { rateLimit } from '../rate-limit.js';
import { requestLocale } from '../request-locale.js';

/** API.md §4.3.1–4.3.4: sign-up, login and email verification. */
export function registerAccountsRoutes(router: Router, ctx: ServiceContext): void {
  prepareLogin(ctx);

  router.post('/auth/signup', parseBody, rateLimit(ctx, 'signup'), async (koa) => {
    // Issue 31 §2: the honeypot and the form token, before the route's own checks.
    await checkForm(ctx, koa.state.body);
    koa.status = 201;
    koa.body = { user: await signUp(ctx, koa.state.body, requestLocale(koa), koa.state.requestId) };
  });

  router.post('/auth/login', parseBody, rateLimit(ctx, 'login'), async (koa) => {
    koa.body = { user: await logIn(ctx, koa.state.body) };
  });

  router.post('/auth/sso', parseBody, rateLimit(ctx, 'sso'), async (koa) => {
    koa.body = { user: await signInWithSso(ctx, koa.state.body, requestLocale(koa)) };
  });

  router.post('/auth/email/verify', parseBody, requireAuth(ctx), rateLimit(ctx, 'emailVerify'), async (koa) => {
    koa.body = { verify: await resendVerificationEmail(ctx, koa.state.actor, koa.state.requestId) };
  });

  router.post('/auth/email/validate', parseBody, rateLimit(ctx, 'mailToken'), async (koa) => {
    koa.body = { verify: await confirmEmail(ctx, koa.state.body) };
  });
}
