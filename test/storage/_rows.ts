import { randomUUID } from 'node:crypto';
import type {
  BoardRow,
  MailLogRow,
  MailTokenRow,
  NotificationRow,
  OutboxEventRow,
  PostRow,
  RoadmapRow,
  RoleRow,
  SubscriptionRow,
  UserRoleRow,
  UserRow,
  VoteRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
} from '../../src/storage/types.js';

/** A fixed timestamp `seconds` after 2026-01-01, so tests control ordering. */
export function at(seconds: number): string {
  return new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString();
}

/** Row factories: valid rows with unique keys; `fields` overrides any column. */
let counter = 0;
/** A short suffix unique within the test process. */
function unique(): string {
  counter += 1;
  return `${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A member (not owner), verified. */
export function userRow(fields: Partial<UserRow> = {}): UserRow {
  const name = unique();
  return {
    id: randomUUID(),
    email: `user${name}@example.org`,
    username: `user_${name}`,
    name: 'Test User',
    passwordHash: 'hash',
    isOwner: false,
    isVerified: true,
    isBlocked: false,
    tokenVersion: 0,
    notes: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
}

/** A custom role with one permission. */
export function roleRow(fields: Partial<RoleRow> = {}): RoleRow {
  return {
    id: randomUUID(),
    name: `role ${unique()}`,
    description: null,
    isSystem: false,
    permissions: ['post:create'],
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
}

/** An assignment of a role to a user. */
export function userRoleRow(userId: string, roleId: string, fields: Partial<UserRoleRow> = {}): UserRoleRow {
  return { id: randomUUID(), userId, roleId, createdAt: at(0), ...fields };
}

/** A visible board with a unique url. */
export function boardRow(fields: Partial<BoardRow> = {}): BoardRow {
  return {
    id: randomUUID(),
    name: 'Board',
    description: null,
    url: `board-${unique()}`,
    color: '2f6fdb',
    display: true,
    viewVoters: true,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
}

let roadmapIndex = 0;
/** A visible roadmap with a unique url and the next index. */
export function roadmapRow(fields: Partial<RoadmapRow> = {}): RoadmapRow {
  roadmapIndex += 1;
  return {
    id: randomUUID(),
    name: 'Roadmap',
    url: `roadmap-${unique()}`,
    color: 'e6a23c',
    index: roadmapIndex,
    display: true,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
}

/** A post by `userId`, on no board or roadmap. */
export function postRow(userId: string, fields: Partial<PostRow> = {}): PostRow {
  const slugId = unique();
  return {
    id: randomUUID(),
    title: 'A post',
    slug: `a-post-${slugId}`,
    slugId,
    contentMarkdown: null,
    userId,
    boardId: null,
    roadmapId: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
}

/** A vote of `userId` on `postId`. */
export function voteRow(userId: string, postId: string, fields: Partial<VoteRow> = {}): VoteRow {
  return { id: randomUUID(), userId, postId, createdAt: at(0), ...fields };
}

/** A verify token of `userId`, valid for an hour. */
export function mailTokenRow(userId: string | null, fields: Partial<MailTokenRow> = {}): MailTokenRow {
  return {
    id: randomUUID(),
    userId,
    purpose: 'verify',
    tokenHash: `hash-${unique()}`,
    createdAt: at(0),
    expiresAt: at(3600),
    ...fields,
  };
}

/** A sent test mail. */
export function mailLogRow(fields: Partial<MailLogRow> = {}): MailLogRow {
  return {
    id: randomUUID(),
    createdAt: at(0),
    to: 'someone@example.org',
    subject: 'Hello',
    kind: 'test',
    transport: 'outbox',
    status: 'sent',
    error: null,
    ...fields,
  };
}

/** An outbox event about no post, by the operator. */
export function outboxEventRow(fields: Partial<OutboxEventRow> = {}): OutboxEventRow {
  return { id: randomUUID(), name: 'post.created', postId: null, actorId: null, facts: {}, createdAt: at(0), ...fields };
}

/** An enabled JSON endpoint receiving one event. */
export function webhookEndpointRow(fields: Partial<WebhookEndpointRow> = {}): WebhookEndpointRow {
  return {
    id: randomUUID(),
    url: `https://hooks.example.org/${unique()}`,
    format: 'json',
    events: ['post.created'],
    secret: `secret-${unique()}`,
    allowPrivate: false,
    description: null,
    enabled: true,
    failingSince: null,
    disabledReason: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
}

/** A pending delivery to `endpointId`, due at once, never tried. */
export function webhookDeliveryRow(endpointId: string, fields: Partial<WebhookDeliveryRow> = {}): WebhookDeliveryRow {
  return {
    id: randomUUID(),
    endpointId,
    event: 'post.created',
    body: '{"event":"post.created"}',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: at(0),
    lastAttemptAt: null,
    responseStatus: null,
    durationMs: null,
    error: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
}

/** `userId` asked to follow `postId`. */
export function subscriptionRow(userId: string, postId: string, fields: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return { id: randomUUID(), userId, postId, subscribed: true, createdAt: at(0), updatedAt: at(0), ...fields };
}

/** A comment notification for `userId` about `postId`, due a minute after it was made. */
export function notificationRow(userId: string, postId: string, fields: Partial<NotificationRow> = {}): NotificationRow {
  return { id: randomUUID(), userId, postId, kind: 'comment', facts: {}, createdAt: at(0), dueAt: at(60), ...fields };
}
