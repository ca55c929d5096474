import { AppError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import type { WebhookView } from '../services/webhooks/endpoint-views.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  showWebhook,
  updateWebhook,
} from '../services/webhooks/endpoints.js';
import { testWebhook } from '../services/webhooks/test-delivery.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { pickFields } from './pick-fields.js';
import { systemActor } from './system-actor.js';

/** The fields of `POST /webhooks` a command may send, under the API's names. */
const WEBHOOK_FIELDS = ['url', 'format', 'events', 'description', 'allowPrivate'] as const;

/** The query of `GET /webhooks/:id/deliveries`. */
const DELIVERY_FILTERS = ['status', 'limit'] as const;

/**
 * `feedbackd webhook …`: `webhook` names an endpoint by its id; the other arguments are the API's
 * body fields and query, checked by the same services as the `/webhooks` routes. The system
 * acts (an owner, which webhooks need).
 */
export const WEBHOOK_OPERATIONS: OperationTable = {
  'webhook.list': (ctx) => listWebhooks(ctx, systemActor()),
  'webhook.add': (ctx, args) => createWebhook(ctx, systemActor(), pickFields(args, WEBHOOK_FIELDS)),
  'webhook.enable': (ctx, args) => naming(args, () => updateWebhook(ctx, systemActor(), args.webhook, { enabled: true })),
  'webhook.disable': (ctx, args) => naming(args, () => updateWebhook(ctx, systemActor(), args.webhook, { enabled: false })),
  'webhook.remove': (ctx, args) => naming(args, () => removeWebhook(ctx, args)),
  'webhook.test': (ctx, args) => naming(args, () => testWebhook(ctx, systemActor(), args.webhook)),
  'webhook.deliveries': (ctx, args) => naming(args, () => listWebhookDeliveries(ctx, systemActor(), args.webhook, pickFields(args, DELIVERY_FILTERS))),
};

/** The operation, with WEBHOOK_NOT_FOUND naming the id the operator typed (as `Board not found: x` does). */
async function naming<T>(args: OperationArgs, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'WEBHOOK_NOT_FOUND') throw error;
    throw new AppError(error.code, `${error.message}: ${String(args.webhook)}`, error.status);
  }
}

/** Removes an endpoint with its deliveries; answers with the endpoint as it was. */
async function removeWebhook(ctx: ServiceContext, args: OperationArgs): Promise<WebhookView> {
  const webhook = await showWebhook(ctx, systemActor(), args.webhook);
  await deleteWebhook(ctx, systemActor(), webhook.webhookId);
  return webhook;
}
