import { assertDeliverable, type WebhookEnvelope } from './events.js';
import { discordBody, slackBody, type WebhookSite } from './presets.js';
import { signWebhook } from './signature.js';

/** `json` is feedbackd's own envelope; the others are the chat services' incoming-webhook bodies. */
export type WebhookFormat = 'json' | 'slack' | 'discord';

export interface WebhookEndpointKeys {
  format: WebhookFormat;
  secret: string;
}

/** What one attempt POSTs: the exact bytes that were signed, and the headers. */
export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/**
 * The request of one delivery attempt. The timestamp is the attempt's (`nowSeconds`), so a retry
 * hours later still passes a receiver's freshness check, while `X-Feedbackd-Delivery` stays the
 * envelope's id for deduplication. Slack and Discord ignore the extra headers; signing costs nothing.
 */
export function webhookRequest(
  endpoint: WebhookEndpointKeys,
  envelope: WebhookEnvelope,
  site: WebhookSite,
  nowSeconds: number,
): WebhookRequest {
  assertDeliverable(envelope);
  const body = JSON.stringify(requestBody(endpoint.format, envelope, site));
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-Feedbackd-Event': envelope.event,
      'X-Feedbackd-Delivery': envelope.deliveryId,
      'X-Feedbackd-Timestamp': String(nowSeconds),
      'X-Feedbackd-Signature': signWebhook(endpoint.secret, nowSeconds, body),
    },
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
