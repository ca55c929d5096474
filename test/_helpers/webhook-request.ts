import type { WebhookEnvelope } from '../../src/services/webhooks/events.js';
import type { WebhookSite } from '../../src/services/webhooks/presets.js';
import { webhookBody, webhookHeaders } from '../../src/services/webhooks/request.js';
import type { WebhookFormat } from '../../src/storage/types.js';

/** One attempt's body and headers, as the worker prepares the body at fan-out and signs it per attempt. */
export function webhookRequest(
  endpoint: { format: WebhookFormat; secret: string },
  envelope: WebhookEnvelope,
  site: WebhookSite,
  nowSeconds: number,
): { body: string; headers: Record<string, string> } {
  const body = webhookBody(endpoint.format, envelope, site);
  return { body, headers: webhookHeaders(endpoint.secret, { event: envelope.event, deliveryId: envelope.deliveryId, body }, nowSeconds) };
}
