import { WEBHOOK_EVENTS, type Webhook, type WebhookDelivery, type WebhookFormat } from '../api/dashboard-webhooks.js';
import { formatDate, formatNumber } from '../format.js';

// How the Webhooks page says things: events and formats in plain words, an endpoint's state, a delivery's outcome.

/** Each event as the owner would say it. */
export const EVENT_LABELS: Record<string, string> = {
  'post.created': 'New idea',
  'post.updated': 'Idea edited',
  'post.deleted': 'Idea deleted',
  'post.status_changed': 'Status changed',
  'vote.created': 'Vote added',
  'vote.deleted': 'Vote removed',
  'comment.created': 'New comment',
  'changelog.published': 'Changelog entry published',
  'post.merged': 'Duplicate merged',
  'webhook.test': 'Test',
};

export const FORMAT_LABELS: Record<WebhookFormat, string> = {
  json: 'feedbackd JSON (signed)',
  slack: 'Slack',
  discord: 'Discord',
};

/** A sentence under each format in the form. */
export const FORMAT_HINTS: Record<WebhookFormat, string> = {
  json: 'The event as JSON, signed with a secret so your server can check it came from here.',
  slack: 'A chat message for a Slack incoming webhook.',
  discord: 'A chat message for a Discord channel webhook.',
};

export const eventLabel = (event: string) => EVENT_LABELS[event] ?? event;

/** "All events", or the events in plain words: short enough for a table cell. */
export function eventsText(events: readonly string[]): string {
  if (WEBHOOK_EVENTS.every((event) => events.includes(event))) return 'All events';
  return events.map(eventLabel).join(', ');
}

/** How people tell one webhook from another: its description, else its address without the scheme. */
export function webhookName(webhook: Pick<Webhook, 'url' | 'description'>): string {
  return webhook.description || webhook.url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/** "On", "Failing since …", or "Off" with feedbackd's reason when it turned the webhook off itself. */
export function stateText(webhook: Webhook): string {
  if (!webhook.enabled) return webhook.disabledReason ? `Off — ${webhook.disabledReason}` : 'Off';
  return webhook.failingSince ? `Failing since ${formatDate(webhook.failingSince)}` : 'On';
}

/** "200 in 35 ms", or what stood in for an answer. */
export function responseText(delivery: Pick<WebhookDelivery, 'responseStatus' | 'durationMs'>): string {
  if (delivery.responseStatus === null) return delivery.durationMs === null ? 'No answer' : `No answer after ${formatNumber(delivery.durationMs)} ms`;
  return delivery.durationMs === null ? String(delivery.responseStatus) : `${delivery.responseStatus} in ${formatNumber(delivery.durationMs)} ms`;
}

/** The outcome of a test delivery: "Delivered: 200 in 35 ms" or "Failed: <error>". */
export function testOutcome(delivery: WebhookDelivery): string {
  if (delivery.status === 'delivered') return `Delivered: ${responseText(delivery)}`;
  return `Failed: ${delivery.error ?? responseText(delivery)}`;
}

export const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  failed: 'Failed',
};
