/*
 * Which events notify subscribers (issue 17 §2), and queueing them: a status change, a public
 * comment or reply, and a title changed by someone other than the author. The one who acted is
 * never told of their own change. Visibility is checked again when the mail is composed.
 */
import { randomUUID } from 'node:crypto';
import type { JsonFacts, NotificationKind, OutboxEventRow, PostRow, Repositories } from '../../storage/types.js';
import type { ServiceContext } from '../context.js';
import { queueShippedNotifications } from '../changelog/shipped-notices.js';
import { subscriberIds } from '../notifications/subscribers.js';
import type { EventFacts } from './record.js';

const NOTIFYING_EVENTS: ReadonlySet<string> = new Set(['post.status_changed', 'comment.created', 'post.updated', 'post.merged']);


interface Notice {
  kind: NotificationKind;
  facts: JsonFacts;
}

/** Queues the event's notifications; returns how many. Nothing is queued while mail is not configured. */
export async function queueNotifications(ctx: ServiceContext, tx: Repositories, event: OutboxEventRow): Promise<number> {
  if (!ctx.mailer.isConfigured()) return 0;
  if (event.name === 'changelog.published') return queueShippedNotifications(tx, event);
  if (event.postId === null || !NOTIFYING_EVENTS.has(event.name)) return 0;
  const post = await tx.posts.get(event.postId);
  const notice = post ? noticeOf(event, post) : null;
  if (!post || !notice) return 0;
  const recipients = (await recipientsOf(tx, event, post)).filter((id) => id !== event.actorId);
  const now = Date.now();
  for (const userId of recipients) {
    // A pair's notifications share one due time: the first opens the digest window, later ones join it.
    // A `shipped` row is a mail of its own and opens no digest window.
    const [waiting] = (await tx.notifications.listByUserAndPost(userId, post.id)).filter((row) => row.kind !== 'shipped');
    const dueAt = waiting?.dueAt ?? new Date(now + ctx.config.notificationDigestMs).toISOString();
    await tx.notifications.insert({ id: randomUUID(), userId, postId: post.id, ...notice, createdAt: new Date(now).toISOString(), dueAt });
  }
  return recipients.length;
}

/** The post's subscribers; for a merge, those who followed the merged post (recorded with the event, as it has left). */
async function recipientsOf(tx: Repositories, event: OutboxEventRow, post: PostRow): Promise<string[]> {
  if (event.name !== 'post.merged') return subscriberIds(tx, post);
  const { recipientIds } = event.facts as unknown as EventFacts['post.merged'];
  return Array.isArray(recipientIds) ? recipientIds.filter((id) => typeof id === 'string') : [];
}

function noticeOf(event: OutboxEventRow, post: PostRow): Notice | null {
  switch (event.name) {
    case 'post.status_changed': {
      const { fromRoadmapId, toRoadmapId, changelogEntryId } = event.facts as unknown as EventFacts['post.status_changed'];
      // Moved by publishing a changelog entry: its one "Shipped" mail tells the same people.
      if (changelogEntryId !== undefined) return null;
      return { kind: 'status', facts: { fromRoadmapId, toRoadmapId } };
    }
    case 'comment.created':
      return { kind: 'comment', facts: { commentId: (event.facts as unknown as EventFacts['comment.created']).comment.id } };
    case 'post.updated': {
      const { oldTitle, newTitle } = event.facts as unknown as EventFacts['post.updated'];
      if (oldTitle === newTitle || event.actorId === post.userId) return null;
      return { kind: 'title', facts: { oldTitle, newTitle } };
    }
    case 'post.merged':
      return { kind: 'merged', facts: { fromTitle: (event.facts as unknown as EventFacts['post.merged']).from.title } };
    default:
      return null;
  }
}
