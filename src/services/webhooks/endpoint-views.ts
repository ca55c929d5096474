import type { WebhookDeliveryRow, WebhookDeliveryStatus, WebhookEndpointRow, WebhookFormat } from '../../storage/types.js';

/** An endpoint as the API shows it: never its secret, which is shown once, at creation. */
export interface WebhookView {
  webhookId: string;
  url: string;
  format: WebhookFormat;
  events: string[];
  description: string | null;
  allowPrivate: boolean;
  enabled: boolean;
  /** Since when every attempt has failed; null while the endpoint answers. */
  failingSince: string | null;
  /** Why feedbackd turned it off (the circuit), or null. */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer of `POST /webhooks`: the one time the secret is shown. */
export interface CreatedWebhookView extends WebhookView {
  secret: string;
}

/** One delivery as listed; the body is left out (it can be large, and the receiver has it). */
export interface DeliveryView {
  deliveryId: string;
  webhookId: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  createdAt: string;
}

export function toWebhookView(row: WebhookEndpointRow): WebhookView {
  return {
    webhookId: row.id,
    url: row.url,
    format: row.format,
    events: [...row.events],
    description: row.description,
    allowPrivate: row.allowPrivate,
    enabled: row.enabled,
    failingSince: row.failingSince,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toDeliveryView(row: WebhookDeliveryRow): DeliveryView {
  return {
    deliveryId: row.id,
    webhookId: row.endpointId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
    lastAttemptAt: row.lastAttemptAt,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    error: row.error,
    createdAt: row.createdAt,
  };
}
