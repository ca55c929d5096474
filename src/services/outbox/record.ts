/*
 * Recording events in the outbox (issue 17 §6): inside the transaction of the change, so an event
 * exists exactly when its change does — a crash after the commit loses none, a rollback leaves none.
 * The delivery worker (src/services/outbox/worker.ts) shapes and sends them later, off the request.
 */
import { randomUUID } from 'node:crypto';
import { isHeld, type JsonFacts, type Repositories } from '../../storage/types.js';
import { SYSTEM_USER_ID } from '../actors.js';
import type { CommentView } from '../comment-views.js';
import type { MergedFromRef } from '../merges/merged-from.js';
import type { Actor } from '../context.js';
import type { PublicUser } from '../post-views.js';
import type { WebhookEventName } from '../webhooks/events.js';


/** Facts each event keeps beyond its post: what the stored rows will not tell once the worker reads them. */
export interface EventFacts {
  'post.created': Record<string, never>;
  'post.updated': { oldTitle: string; newTitle: string };
  /** The post as a visitor saw it just before its deletion (PostView, JSON). */
  'post.deleted': { post: JsonFacts };
  /** `changelogEntryId`: moved by publishing that entry, whose "Shipped" mail tells the voters (so no status mail does). */
  'post.status_changed': { fromRoadmapId: string | null; toRoadmapId: string | null; changelogEntryId?: string };
  /** The voter as the API shows them (a deleted voter can still be named). */
  'vote.created': { voteId: string; user: PublicUser };
  'vote.deleted': { voteId: string; user: PublicUser };
  /** Public comments only: an internal one never enters the outbox. The comment as created, for when its post is deleted before the event is sent. */
  'comment.created': { comment: CommentView; author: PublicUser };
  /** Issue 30: no post of its own (postId null); the worker reads the entry and its links. */
  'changelog.published': { entryId: string };
  /** The post merged into the event's post, and who followed it then: they get one mail (issue 30 §2). */
  'post.merged': { from: MergedFromRef; recipientIds: string[] };
}

/** Events that may notify subscribers (status, public comments, titles, shipped, merged): recorded whatever the endpoints want. */
const MAY_NOTIFY: ReadonlySet<WebhookEventName> = new Set(['post.updated', 'post.status_changed', 'comment.created', 'changelog.published', 'post.merged']);

/**
 * Records one event in the caller's transaction. An event nobody can receive is not recorded: votes
 * and new posts, the busiest writes, cost nothing more while no endpoint asks for them. So an
 * endpoint receives the events that happen once it is there.
 */
export async function recordEvent<E extends WebhookEventName>(
  tx: Repositories,
  name: E,
  postId: string | null,
  actor: Actor | null,
  facts: EventFacts[E],
): Promise<void> {
  if (!MAY_NOTIFY.has(name) && !(await anEndpointWants(tx, name))) return;
  // Issue 31 §2: nothing about a held post (waiting or spam) leaves the site: its approval announces it.
  if (postId !== null && (await isHeldPost(tx, postId))) return;
  const actorId = actor && actor.user.id !== SYSTEM_USER_ID ? actor.user.id : null;
  await tx.outbox.insert({ id: randomUUID(), name, postId, actorId, facts: facts as JsonFacts, createdAt: new Date().toISOString() });
}

async function isHeldPost(tx: Repositories, postId: string): Promise<boolean> {
  const post = await tx.posts.get(postId);
  return post !== undefined && isHeld(post);
}

async function anEndpointWants(tx: Repositories, name: WebhookEventName): Promise<boolean> {
  return (await tx.webhookEndpoints.list()).some((endpoint) => endpoint.enabled && endpoint.events.includes(name));
}
