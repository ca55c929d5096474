export { createNotificationsRepo } from './notifications.js';
export { createOutboxRepo } from './outbox.js';
export { createSubscriptionsRepo } from './subscriptions.js';
export { NOTIFICATIONS, OUTBOX_EVENTS, SUBSCRIPTIONS, WEBHOOK_DELIVERIES, WEBHOOK_ENDPOINTS } from './tables.js';
export { createWebhookDeliveriesRepo, createWebhookEndpointsRepo } from './webhooks.js';
