// Dashboard › Webhooks: every webhook call the page makes (feedbackd's extension, the owner's alone;
// shapes as src/services/webhooks/endpoint-views.ts answers them), one typed function each.
import { api } from './client.js';

/** The events an endpoint can follow, in the API's order. */
export const WEBHOOK_EVENTS = [
  'post.created',
  'post.updated',
  'post.deleted',
  'post.status_changed',
  'vote.created',
  'vote.deleted',
  'comment.created',
  'changelog.published',
  'post.merged',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** `json`: feedbackd's signed JSON; `slack` and `discord`: a chat message in that service's shape. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** An endpoint as the API shows it: never its secret. */
export interface Webhook {
  webhookId: string;
  url: string;
  format: WebhookFormat;
  events: string[];
  description: string | null;
  allowPrivate: boolean;
  enabled: boolean;
  /** Since when every attempt has failed; null while the endpoint answers. */
  failingSince: string | null;
  /** Why feedbackd turned it off (after failing too long), or null. */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer of a creation: the one time the signing secret is shown. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

/** One delivery, newest first in a list; `event` is `webhook.test` for a test. */
export interface WebhookDelivery {
  deliveryId: string;
  webhookId: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  createdAt: string;
}

/** What the form sends, on creation and on edit alike. */
export interface WebhookInput {
  url: string;
  format: WebhookFormat;
  events: WebhookEvent[];
  description: string;
  allowPrivate: boolean;
}

const path = (webhookId: string) => `/webhooks/${encodeURIComponent(webhookId)}`;

export const listWebhooks = () => api<{ webhooks: Webhook[] }>('GET', '/webhooks').then((r) => r.webhooks);

export const createWebhook = (input: WebhookInput) => api<{ webhook: CreatedWebhook }>('POST', '/webhooks', input).then((r) => r.webhook);

export const updateWebhook = (webhookId: string, changes: Partial<WebhookInput> & { enabled?: boolean }) =>
  api<{ webhook: Webhook }>('PATCH', path(webhookId), changes).then((r) => r.webhook);

/** Removes the endpoint and its deliveries, sent or not. */
export const deleteWebhook = (webhookId: string) => api<void>('DELETE', path(webhookId));

/** One attempt now with a test message, whatever the endpoint's events and even when it is off. */
export const testWebhook = (webhookId: string) => api<{ delivery: WebhookDelivery }>('POST', `${path(webhookId)}/test`).then((r) => r.delivery);

export const listDeliveries = (webhookId: string, limit = 20) =>
  api<{ deliveries: WebhookDelivery[] }>('GET', `${path(webhookId)}/deliveries`, undefined, { limit }).then((r) => r.deliveries);
