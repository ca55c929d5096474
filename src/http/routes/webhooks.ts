import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, showWebhook, updateWebhook } from '../../services/webhooks/endpoints.js';
import { testWebhook } from '../../services/webhooks/test-delivery.js';
import { requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** feedbackd's extension (issue 17): the owner's webhook endpoints, a test delivery and the delivery list. */
export function registerWebhookRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/webhooks', requireAuth(ctx), async (koa) => {
    koa.body = { webhooks: await listWebhooks(ctx, koa.state.actor) };
  });

  router.post('/webhooks', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = { webhook: await createWebhook(ctx, koa.state.actor, koa.state.body) };
  });

  router.get('/webhooks/:webhook_id', requireAuth(ctx), async (koa) => {
    koa.body = { webhook: await showWebhook(ctx, koa.state.actor, koa.params.webhook_id ?? '') };
  });

  router.patch('/webhooks/:webhook_id', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { webhook: await updateWebhook(ctx, koa.state.actor, koa.params.webhook_id ?? '', koa.state.body) };
  });

  router.delete('/webhooks/:webhook_id', parseBody, requireAuth(ctx), async (koa) => {
    await deleteWebhook(ctx, koa.state.actor, koa.params.webhook_id ?? '');
    koa.status = 204;
  });

  // No body is expected, but one sent is still read and checked like any other (API.md §1.2).
  router.post('/webhooks/:webhook_id/test', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { delivery: await testWebhook(ctx, koa.state.actor, koa.params.webhook_id ?? '') };
  });

  router.get('/webhooks/:webhook_id/deliveries', requireAuth(ctx), async (koa) => {
    koa.body = { deliveries: await listWebhookDeliveries(ctx, koa.state.actor, koa.params.webhook_id ?? '', koa.query) };
  });
}
