import type { WebhookFormat } from '../../storage/types.js';
import { assertDeliverable, type WebhookEnvelope } from './events.js';
import { discordBody, slackBody, type WebhookSite } from './presets.js';
import { signWebhook } from './signature.js';

/** The body of a delivery in the endpoint's format, prepared once and sent as it is on every attempt. */
export function webhookBody(format: WebhookFormat, envelope: WebhookEnvelope, site: WebhookSite): string {
  assertDeliverable(envelope);
  return JSON.stringify(requestBody(format, envelope, site));
}

/** What one attempt of a prepared delivery sends along its body: the signature covers this attempt's timestamp. */
export interface PreparedDelivery {
  event: string;
  deliveryId: string;
  body: string;
}

/**
 * The headers of one attempt. The timestamp is the attempt's (`nowSeconds`), so a retry hours later
 * still passes a receiver's freshness check, while `X-Feedbackd-Delivery` stays the envelope's id
 * for deduplication. Slack and Discord ignore the extra headers; signing costs nothing.
 */
export function webhookHeaders(secret: string, delivery: PreparedDelivery, nowSeconds: number): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-Feedbackd-Event': delivery.event,
    'X-Feedbackd-Delivery': delivery.deliveryId,
    'X-Feedbackd-Timestamp': String(nowSeconds),
    'X-Feedbackd-Signature': signWebhook(secret, nowSeconds, delivery.body),
  };
}

function requestBody(format: WebhookFormat, envelope: WebhookEnvelope, site: WebhookSite): unknown {
  switch (format) {
    case 'json':
      return envelope;
    case 'slack':
      return slackBody(envelope, site);
    case 'discord':
      return discordBody(envelope, site);
  }
  // A stored endpoint is data: a format this version does not know must not become an empty body.
  throw new Error(`unknown webhook format: ${String(format)}`);
}
