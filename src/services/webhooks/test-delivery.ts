import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../storage/types.js';
import type { Actor, ServiceContext } from '../context.js';
import { type DeliveryView, toDeliveryView } from './endpoint-views.js';
import { findEndpoint, requireOwner } from './endpoints.js';
import { attemptDelivery } from './attempt.js';
import { testChatBody, type WebhookSite } from './presets.js';

/** The event name of a test delivery; receivers can tell it from real events and ignore it. */
export const TEST_EVENT = 'webhook.test';

/**
 * `POST /webhooks/:id/test`: one attempt, now, with a test message, whatever the endpoint's events
 * and even when it is turned off; recorded among its deliveries, never retried. The answer says
 * what the receiver did, so an owner can fix a URL before real events wait on it.
 */
export async function testWebhook(ctx: ServiceContext, actor: Actor, idParam: unknown): Promise<DeliveryView> {
  requireOwner(actor);
  const endpoint = await findEndpoint(ctx.storage, idParam);
  const { title } = await ctx.storage.settings.get();
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  const body = testBody(endpoint, { title, publicUrl: ctx.config.publicUrl }, id, createdAt);
  const result = await attemptDelivery(ctx.config, endpoint, { event: TEST_EVENT, deliveryId: id, body });
  const row: WebhookDeliveryRow = {
    id,
    endpointId: endpoint.id,
    event: TEST_EVENT,
    body,
    status: result.ok ? 'delivered' : 'failed',
    attempts: 1,
    nextAttemptAt: createdAt,
    lastAttemptAt: createdAt,
    responseStatus: result.status ?? null,
    durationMs: result.durationMs,
    error: result.error ?? null,
    createdAt,
    updatedAt: new Date().toISOString(),
  };
  // The endpoint may have been removed while the attempt ran: the answer still says what happened.
  await ctx.storage.transaction(async (tx) => {
    if (await tx.webhookEndpoints.get(endpoint.id)) await tx.webhookDeliveries.insert(row);
  });
  return toDeliveryView(row);
}

function testBody(endpoint: WebhookEndpointRow, site: WebhookSite, deliveryId: string, createdAt: string): string {
  if (endpoint.format !== 'json') return JSON.stringify(testChatBody(endpoint.format, site));
  return JSON.stringify({ event: TEST_EVENT, deliveryId, createdAt, data: { webhookId: endpoint.id, site: site.title } });
}
