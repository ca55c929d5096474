/*
 * The `data` of a webhook event, shaped when the worker fans the event out: the post as a visitor
 * sees it then (no viewer: hidden roadmaps left out, as for anyone who cannot see them) but with
 * every voter, as its owner sees them on any board (API.md §8.9), plus what
 * the event recorded. When the post has been deleted since, the view its `post.deleted` event kept
 * stands in (the worker claims events oldest first, so the deletion is usually in the same batch);
 * a comment deleted since while its post stays was moderated away and is not sent.
 */
import type { OutboxEventRow, Repositories } from '../../storage/types.js';
import type { PostView, RoadmapRef } from '../post-views.js';
import { toRoadmapRef } from '../post-views.js';
import { renderPostsFrom } from '../posts.js';
import { renderEntry } from '../changelog/views.js';
import { isVisibleRoadmap } from '../visibility.js';
import { isWebhookEventName, type WebhookEventData, type WebhookEventName } from '../webhooks/events.js';
import type { EventFacts } from './record.js';

/** An event ready for its envelope. */
export interface ShapedEvent<E extends WebhookEventName = WebhookEventName> {
  name: E;
  data: WebhookEventData[E];
}

/** Views of posts deleted after their events were recorded, by post id (from the batch's `post.deleted` events). */
export type DeletedPostViews = ReadonlyMap<string, PostView>;

export function deletedPostViews(events: readonly OutboxEventRow[]): DeletedPostViews {
  const views = new Map<string, PostView>();
  for (const event of events) if (event.name === 'post.deleted' && event.postId) views.set(event.postId, factsOf(event, 'post.deleted').post as unknown as PostView);
  return views;
}

/** The event's name and data, or null when there is nothing to send. */
export async function shapeEvent(tx: Repositories, event: OutboxEventRow, deleted: DeletedPostViews): Promise<ShapedEvent | null> {
  if (event.name === 'changelog.published') return publishedEntry(tx, factsOf(event, 'changelog.published').entryId);
  if (!isWebhookEventName(event.name) || event.postId === null) return null;
  if (event.name === 'post.deleted') return shaped('post.deleted', { post: factsOf(event, 'post.deleted').post as unknown as PostView });
  const post = await tx.posts.get(event.postId);
  // Every voter, even on a board that hides them: the endpoints are the owner's, who sees them all.
  const view = post ? (await renderPostsFrom(tx, null, [post], { everyVoter: true }))[0] : deleted.get(event.postId);
  if (!view) return null;
  switch (event.name) {
    case 'post.created':
    case 'post.updated':
      return shaped(event.name, { post: view });
    case 'post.status_changed':
      return statusChange(tx, view, factsOf(event, 'post.status_changed'));
    case 'vote.created':
    case 'vote.deleted': {
      const { voteId, user } = factsOf(event, event.name);
      return shaped(event.name, { post: view, vote: { voteId, user } });
    }
    case 'comment.created': {
      const { comment, author } = factsOf(event, 'comment.created');
      const now = post ? await tx.comments.get(comment.id) : undefined;
      if (post && (!now || now.isInternal)) return null;
      return shaped('comment.created', { post: view, comment, author });
    }
    case 'post.merged':
      return shaped('post.merged', { post: view, mergedFrom: factsOf(event, 'post.merged').from });
    default:
      return null;
  }
}

function factsOf<E extends WebhookEventName>(event: OutboxEventRow, _name: E): EventFacts[E] {
  return event.facts as unknown as EventFacts[E];
}

function shaped<E extends WebhookEventName>(name: E, data: WebhookEventData[E]): ShapedEvent {
  return { name, data } as unknown as ShapedEvent;
}

/** The entry as a visitor sees it now (hidden boards' posts left out); nothing when it was deleted since. */
async function publishedEntry(tx: Repositories, entryId: string): Promise<ShapedEvent | null> {
  const entry = await tx.changelogEntries.get(entryId);
  if (entry?.status !== 'published') return null;
  const view = await renderEntry(tx, null, entry);
  return shaped('changelog.published', { entry: view, posts: view.posts });
}

/** A move between hidden roadmaps is no visible change: dropped. A hidden end shows as no roadmap. */
async function statusChange(tx: Repositories, post: PostView, facts: EventFacts['post.status_changed']): Promise<ShapedEvent | null> {
  const [from, to] = await Promise.all([visibleRoadmap(tx, facts.fromRoadmapId), visibleRoadmap(tx, facts.toRoadmapId)]);
  if (from?.id === to?.id) return null;
  return shaped('post.status_changed', { post, from, to });
}

async function visibleRoadmap(tx: Repositories, id: string | null): Promise<RoadmapRef | null> {
  if (id === null) return null;
  const roadmap = await tx.roadmaps.get(id);
  return isVisibleRoadmap(null, roadmap) ? toRoadmapRef(roadmap) : null;
}
