import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import {
  getNotificationSettings,
  getSubscription,
  setNotificationSettings,
  setSubscription,
} from '../../services/notifications/subscriptions.js';
import { unsubscribeByToken } from '../../services/notifications/unsubscribe.js';
import { queryParam } from '../../services/validation/query.js';
import { requireAuth } from '../auth.js';
import { parseBody, parseBodyOrOneClickForm } from '../body.js';

/** feedbackd's notification mail (issue 17): a post's subscription, the caller's mail setting, and the mail's unsubscribe link. */
export function registerNotificationRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/posts/:post_id/subscription', requireAuth(ctx), async (koa) => {
    koa.body = { subscription: await getSubscription(ctx, koa.state.actor, koa.params.post_id ?? '') };
  });

  router.put('/posts/:post_id/subscription', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { subscription: await setSubscription(ctx, koa.state.actor, koa.params.post_id ?? '', koa.state.body) };
  });

  router.get('/auth/notifications', requireAuth(ctx), (koa) => {
    koa.body = { notifications: getNotificationSettings(ctx, koa.state.actor) };
  });

  router.patch('/auth/notifications', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { notifications: await setNotificationSettings(ctx, koa.state.actor, koa.state.body) };
  });

  // No sign-in: the signed token in the mail's link is the proof. Mail providers POST a form here (RFC 8058).
  router.post('/notifications/unsubscribe', parseBodyOrOneClickForm, async (koa) => {
    koa.body = { unsubscribed: await unsubscribeByToken(ctx, queryParam(koa.query, 'token')) };
  });
}
