import type { NotificationRow, OutboxEventRow, SubscriptionRow, WebhookDeliveryRow, WebhookEndpointRow } from '../../types.js';
import type { CoreTable } from '../core/table.js';

/* How the tables of migration 5 (notifications and webhooks, issue 17) store the contract's rows. */

export const OUTBOX_EVENTS: CoreTable<OutboxEventRow> = {
  table: 'outbox_events',
  name: 'outbox',
  columns: { id: 'id', name: 'name', postId: 'post_id', actorId: 'actor_id', facts: 'facts', createdAt: 'created_at' },
};

export const WEBHOOK_ENDPOINTS: CoreTable<WebhookEndpointRow> = {
  table: 'webhook_endpoints',
  name: 'webhookEndpoints',
  columns: {
    id: 'id',
    url: 'url',
    format: 'format',
    events: 'events',
    secret: 'secret',
    allowPrivate: 'allow_private',
    description: 'description',
    enabled: 'enabled',
    failingSince: 'failing_since',
    disabledReason: 'disabled_reason',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
};

export const WEBHOOK_DELIVERIES: CoreTable<WebhookDeliveryRow> = {
  table: 'webhook_deliveries',
  name: 'webhookDeliveries',
  columns: {
    id: 'id',
    endpointId: 'endpoint_id',
    event: 'event',
    body: 'body',
    status: 'status',
    attempts: 'attempts',
    nextAttemptAt: 'next_attempt_at',
    lastAttemptAt: 'last_attempt_at',
    responseStatus: 'response_status',
    durationMs: 'duration_ms',
    error: 'error',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
};

export const SUBSCRIPTIONS: CoreTable<SubscriptionRow> = {
  table: 'subscriptions',
  name: 'subscriptions',
  columns: { id: 'id', userId: 'user_id', postId: 'post_id', subscribed: 'subscribed', createdAt: 'created_at', updatedAt: 'updated_at' },
};

export const NOTIFICATIONS: CoreTable<NotificationRow> = {
  table: 'notifications',
  name: 'notifications',
  columns: { id: 'id', userId: 'user_id', postId: 'post_id', kind: 'kind', facts: 'facts', createdAt: 'created_at', dueAt: 'due_at' },
};
