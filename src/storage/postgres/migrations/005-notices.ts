import type { Migration } from './types.js';

/*
 * Migration 5: notifications and webhooks (issue 17), following 001-core.ts's conventions.
 * - The three queues (outbox_events, webhook_deliveries, notifications) are read by the worker's
 *   claims, oldest or earliest due first, with FOR UPDATE SKIP LOCKED: each has an index in claim
 *   order, so a claim reads `limit` rows instead of sorting the queue.
 * - Outbox events and notifications name posts and users without foreign keys: an event outlives
 *   the post it tells about (its facts hold what was deleted), and a notification is checked again
 *   when it is sent. Subscriptions neither: the services delete them with their post or user
 *   (deleteByPost, deleteByUser), as on the JSON-file engine. Deliveries belong to their endpoint and go with it.
 * - `facts` is json, not jsonb: the contract keeps facts as they were given, and jsonb would
 *   reorder their keys (and refuse a \u0000 in a string).
 * - `users.notifications_off` is NULL where the row has no `notificationsOff` (users written before
 *   it, or without it): the contract reads absent as false, yet both engines give a row back as it
 *   was written, absent or false. SQL asking for "notifications on" says `notifications_off IS NOT TRUE`.
 * - `duration_ms` is double precision: the contract's number need not be whole.
 */
const sql = `
ALTER TABLE users ADD COLUMN notifications_off boolean;

CREATE TABLE outbox_events (
  id text COLLATE "C" NOT NULL,
  name text NOT NULL,
  post_id text COLLATE "C",
  actor_id text COLLATE "C",
  facts json NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT outbox_events__id PRIMARY KEY (id)
);
CREATE INDEX outbox_events_by_time ON outbox_events (created_at, id);

CREATE TABLE webhook_endpoints (
  id text COLLATE "C" NOT NULL,
  url text NOT NULL,
  format text NOT NULL CHECK (format IN ('json', 'slack', 'discord')),
  events text[] NOT NULL,
  secret text NOT NULL,
  allow_private boolean NOT NULL,
  description text,
  enabled boolean NOT NULL,
  failing_since timestamptz,
  disabled_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT webhook_endpoints__id PRIMARY KEY (id)
);
CREATE INDEX webhook_endpoints_by_time ON webhook_endpoints (created_at, id);

CREATE TABLE webhook_deliveries (
  id text COLLATE "C" NOT NULL,
  endpoint_id text COLLATE "C" NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event text NOT NULL,
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  response_status integer,
  duration_ms double precision,
  error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT webhook_deliveries__id PRIMARY KEY (id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_by_time ON webhook_deliveries (created_at, id);
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at, id);
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (updated_at) WHERE status <> 'pending';

CREATE TABLE subscriptions (
  id text COLLATE "C" NOT NULL,
  user_id text COLLATE "C" NOT NULL,
  post_id text COLLATE "C" NOT NULL,
  subscribed boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT subscriptions__id PRIMARY KEY (id),
  CONSTRAINT subscriptions__user_post UNIQUE (user_id, post_id)
);
CREATE INDEX subscriptions_by_post ON subscriptions (post_id, created_at, id);

CREATE TABLE notifications (
  id text COLLATE "C" NOT NULL,
  user_id text COLLATE "C" NOT NULL,
  post_id text COLLATE "C" NOT NULL,
  kind text NOT NULL CHECK (kind IN ('status', 'comment', 'title')),
  facts json NOT NULL,
  created_at timestamptz NOT NULL,
  due_at timestamptz NOT NULL,
  CONSTRAINT notifications__id PRIMARY KEY (id)
);
CREATE INDEX notifications_due ON notifications (due_at, id);
CREATE INDEX notifications_by_pair ON notifications (user_id, post_id, created_at, id);
CREATE INDEX notifications_by_post ON notifications (post_id);
`;

export const NOTICES_MIGRATION: Migration = { id: 5, name: 'notices', sql, rowSchema: 3 };
