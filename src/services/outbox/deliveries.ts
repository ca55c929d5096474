/*
 * Sending deliveries: claim the due ones (leased, so a crashed process's attempts are retried once
 * the lease runs out, and no other process takes them meanwhile), attempt each off any request,
 * then store the outcome.
 */
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../storage/types.js';
import type { ServiceContext } from '../context.js';
import { attemptDelivery } from '../webhooks/attempt.js';
import type { DeliveryResult } from '../webhooks/deliver.js';
import { sendCircuitAlert } from './circuit-alert.js';
import { attemptOutcome, deliveryLeaseMs } from './delivery-policy.js';

export interface ClaimedDelivery {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
}

/** Claims up to `limit` due deliveries: each counts one more attempt and is leased to this process. */
export function claimDueDeliveries(ctx: ServiceContext, limit: number): Promise<ClaimedDelivery[]> {
  return ctx.storage.transaction(async (tx) => {
    const now = new Date();
    const due = await tx.webhookDeliveries.claimDue(now.toISOString(), limit);
    if (due.length === 0) return [];
    const endpoints = await tx.webhookEndpoints.getMany([...new Set(due.map((delivery) => delivery.endpointId))]);
    const leaseEnd = new Date(now.getTime() + deliveryLeaseMs(ctx.config)).toISOString();
    const claimed: ClaimedDelivery[] = [];
    for (const delivery of due) {
      const endpoint = endpoints.get(delivery.endpointId);
      if (!endpoint) continue;
      const leased = { attempts: delivery.attempts + 1, lastAttemptAt: now.toISOString(), nextAttemptAt: leaseEnd, updatedAt: now.toISOString() };
      claimed.push({ delivery: await tx.webhookDeliveries.update(delivery.id, leased), endpoint });
    }
    return claimed;
  });
}

/** One attempt and its outcome; never throws for the receiver's failures. */
export async function runDelivery(ctx: ServiceContext, { delivery, endpoint }: ClaimedDelivery): Promise<void> {
  const result = await attemptDelivery(ctx.config, endpoint, { event: delivery.event, deliveryId: delivery.id, body: delivery.body });
  await recordOutcome(ctx, delivery.id, result);
}

/** Stores the outcome against the rows as they are now (the owner may have changed or removed the endpoint meanwhile). */
async function recordOutcome(ctx: ServiceContext, deliveryId: string, result: DeliveryResult): Promise<void> {
  const opened = await ctx.storage.transaction(async (tx) => {
    const delivery = await tx.webhookDeliveries.get(deliveryId);
    const endpoint = delivery && (await tx.webhookEndpoints.get(delivery.endpointId));
    if (!delivery || !endpoint) return null;
    const outcome = attemptOutcome(delivery, endpoint, result, new Date(), ctx.config);
    await tx.webhookDeliveries.update(delivery.id, outcome.delivery);
    const updated = outcome.endpoint ? await tx.webhookEndpoints.update(endpoint.id, outcome.endpoint) : endpoint;
    return outcome.circuitOpened ? updated : null;
  });
  if (!result.ok) ctx.logger.warn({ deliveryId, status: result.status, err: result.error }, 'webhook delivery failed');
  if (opened) {
    ctx.logger.warn({ webhookId: opened.id, url: opened.url }, 'webhook endpoint turned off after a day of failures');
    await sendCircuitAlert(ctx, opened);
  }
}
