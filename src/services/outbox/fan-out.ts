/*
 * Fan-out: each recorded event becomes one delivery per enabled endpoint that asked for it, and one
 * queued notification per subscriber it concerns — all in one transaction with the event's
 * deletion, so a crash leaves either the event or its results, never both or neither. On
 * PostgreSQL the claim skips events another process holds, so each is fanned out once.
 */
import { randomUUID } from 'node:crypto';
import type { OutboxEventRow, WebhookDeliveryRow, WebhookEndpointRow } from '../../storage/types.js';
import type { ServiceContext } from '../context.js';
import { buildWebhookEnvelope } from '../webhooks/events.js';
import type { WebhookSite } from '../webhooks/presets.js';
import { webhookBody } from '../webhooks/request.js';
import { deletedPostViews, type ShapedEvent, shapeEvent } from './event-data.js';
import { queueNotifications } from './notify-queue.js';

export interface FanOutCounts {
  events: number;
  deliveries: number;
  notifications: number;
}

/** Fans out up to `limit` of the oldest events. */
export function fanOutEvents(ctx: ServiceContext, limit: number): Promise<FanOutCounts> {
  return ctx.storage.transaction(async (tx) => {
    const events = await tx.outbox.claimOldest(limit);
    const counts: FanOutCounts = { events: events.length, deliveries: 0, notifications: 0 };
    if (events.length === 0) return counts;
    const endpoints = (await tx.webhookEndpoints.list()).filter((endpoint) => endpoint.enabled);
    const site: WebhookSite = { title: (await tx.settings.get()).title, publicUrl: ctx.config.publicUrl };
    const deliveries: WebhookDeliveryRow[] = [];
    const deleted = deletedPostViews(events);
    for (const event of events) {
      const wanted = endpoints.some((endpoint) => endpoint.events.includes(event.name));
      const shaped = wanted ? await shapeEvent(tx, event, deleted) : null;
      if (shaped) deliveries.push(...deliveriesOf(shaped, event, endpoints, site));
      counts.notifications += await queueNotifications(ctx, tx, event);
    }
    if (deliveries.length > 0) await tx.webhookDeliveries.insertMany(deliveries);
    await tx.outbox.deleteMany(events.map((event) => event.id));
    counts.deliveries = deliveries.length;
    return counts;
  });
}

function deliveriesOf(shaped: ShapedEvent, event: OutboxEventRow, endpoints: readonly WebhookEndpointRow[], site: WebhookSite): WebhookDeliveryRow[] {
  const now = new Date().toISOString();
  return endpoints
    .filter((endpoint) => endpoint.events.includes(shaped.name))
    .map((endpoint) => {
      const id = randomUUID();
      const envelope = buildWebhookEnvelope(shaped.name, shaped.data, { now: () => new Date(event.createdAt), newDeliveryId: () => id });
      return {
        id,
        endpointId: endpoint.id,
        event: shaped.name,
        body: webhookBody(endpoint.format, envelope, site),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        lastAttemptAt: null,
        responseStatus: null,
        durationMs: null,
        error: null,
        createdAt: now,
        updatedAt: now,
      };
    });
}

