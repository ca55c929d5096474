import { randomUUID } from 'node:crypto';
import type { ChangelogEntryView, LinkedPostRef } from '../changelog/views.js';
import type { CommentView } from '../comment-views.js';
import type { MergedFromRef } from '../merges/merged-from.js';
import type { PostView, PublicUser, RoadmapRef } from '../post-views.js';

/** Every event an endpoint can subscribe to, in the order the API and the CLI list them. */
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

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEventName(value: unknown): value is WebhookEventName {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** A vote as a webhook shows it: the voter is public, like on a post's voter list. */
export interface WebhookVote {
  voteId: string;
  user: PublicUser;
}

/**
 * What `data` holds per event. Posts are shaped as `POST /posts/get` lists them, with no viewer
 * (so `voters.viewerVote` is null), and reflect the post after the change; `post.deleted` carries
 * the post as it was just before its deletion.
 */
export interface WebhookEventData {
  'post.created': { post: PostView };
  'post.updated': { post: PostView };
  'post.deleted': { post: PostView };
  /** Roadmaps before and after; null is "on no roadmap". */
  'post.status_changed': { post: PostView; from: RoadmapRef | null; to: RoadmapRef | null };
  'vote.created': { post: PostView; vote: WebhookVote };
  'vote.deleted': { post: PostView; vote: WebhookVote };
  /** Public comments and replies only: internal comments are for the team and never leave the site. */
  'comment.created': { post: PostView; comment: CommentView; author: PublicUser };
  /** A changelog entry came out (issue 30): as a visitor sees it, and the linked posts a visitor can see. */
  'changelog.published': { entry: ChangelogEntryView; posts: LinkedPostRef[] };
  /** A duplicate merged into `post` (issue 30 §2): the merged post as it was named. */
  'post.merged': { post: PostView; mergedFrom: MergedFromRef };
}

/** The JSON body of one delivery; `event` tells the shape of `data`. */
export type WebhookEnvelope<E extends WebhookEventName = WebhookEventName> = {
  [K in E]: {
    event: K;
    /** A UUID that stays the same across retries of the delivery: receivers deduplicate on it. */
    deliveryId: string;
    /** When the event happened (ISO 8601 with milliseconds, UTC), not when this attempt is sent. */
    createdAt: string;
    data: WebhookEventData[K];
  };
}[E];

/** Where an envelope gets its time and its delivery id; tests pass fixed ones. */
export interface EnvelopeSources {
  now(): Date;
  newDeliveryId(): string;
}

/** The real clock and random UUIDs. */
export const systemEnvelopeSources: EnvelopeSources = { now: () => new Date(), newDeliveryId: () => randomUUID() };

/** The envelope of one event. */
export function buildWebhookEnvelope<E extends WebhookEventName>(
  event: E,
  data: WebhookEventData[E],
  sources: EnvelopeSources,
): WebhookEnvelope<E> {
  const envelope = { event, deliveryId: sources.newDeliveryId(), createdAt: sources.now().toISOString(), data };
  assertDeliverable(envelope as WebhookEnvelope);
  return envelope as WebhookEnvelope<E>;
}

/**
 * Checked when an envelope is built and again when its request is: an internal comment reaching
 * either point is a bug upstream, and throwing makes it loud instead of letting the team's private
 * note reach a third-party tool.
 */
export function assertDeliverable(envelope: WebhookEnvelope): void {
  if (envelope.event === 'comment.created' && envelope.data.comment.is_internal) {
    throw new Error('internal comments are never sent to webhooks');
  }
}
