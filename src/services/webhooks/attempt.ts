import type { Config } from '../../config/types.js';
import type { WebhookEndpointRow } from '../../storage/types.js';
import { type DeliveryResult, deliverWebhook, type HostLookupOption } from './deliver.js';
import { type PreparedDelivery, webhookHeaders } from './request.js';

/** One attempt of a prepared delivery: signed with this attempt's timestamp, sent within `webhookTimeoutMs`; never throws. */
export function attemptDelivery(
  config: Pick<Config, 'webhookTimeoutMs'>,
  endpoint: Pick<WebhookEndpointRow, 'url' | 'allowPrivate' | 'secret'>,
  delivery: PreparedDelivery,
  options: HostLookupOption = {},
): Promise<DeliveryResult> {
  const headers = webhookHeaders(endpoint.secret, delivery, Math.floor(Date.now() / 1000));
  const request = { url: endpoint.url, allowPrivate: endpoint.allowPrivate, body: delivery.body, headers };
  return deliverWebhook(request, { timeoutMs: config.webhookTimeoutMs, lookup: options.lookup });
}
