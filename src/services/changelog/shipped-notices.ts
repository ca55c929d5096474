/*
 * The "Shipped" mail of a published changelog entry (issue 30 §1): one per person following any
 * of its linked posts (author, voters, commenters, explicit subscribers; opt-outs, blocked users
 * and those who turned notification mail off are not), naming the posts they follow. Queued as ONE
 * notification row per person when the worker fans the `changelog.published` event out (so the
 * row is written with the event's deletion, exactly once), composed when sent, so visibility and
 * unsubscribes are checked again then.
 */
import { randomUUID } from 'node:crypto';
import type { JsonFacts, NotificationRow, OutboxEventRow, PostRow, Repositories } from '../../storage/types.js';
import { actorFor } from '../actors.js';
import type { ServiceContext } from '../context.js';
import { mailLocale } from '../mail/mail-locale.js';
import type { MailMessage } from '../mail/mailer.js';
import { subscriberIds, subscriptionOf, type SubscriptionReason, wantsMail } from '../notifications/subscribers.js';
import { unsubscribeTokenFor } from '../notifications/unsubscribe-token.js';
import { canSeePost } from '../post-lookup.js';
import { type ShippedPost, shippedMessage } from './shipped-message.js';

/** What a `shipped` notification records. */
interface ShippedFacts {
  entryId: string;
  /** The linked posts this person followed when the entry came out, in the entry's order. */
  postIds: string[];
}

/** Queues one `shipped` notification per follower of the entry's linked posts; returns how many. */
export async function queueShippedNotifications(tx: Repositories, event: OutboxEventRow): Promise<number> {
  const { entryId } = event.facts as unknown as { entryId: string };
  const entry = await tx.changelogEntries.get(entryId);
  if (entry?.status !== 'published') return 0;
  const followed = await followedPostsByUser(tx, entryId);
  followed.delete(event.actorId ?? '');
  const now = new Date().toISOString();
  for (const [userId, postIds] of followed) {
    const facts: ShippedFacts = { entryId, postIds };
    // The row names the first post only because every notification names one; the facts name them all.
    await tx.notifications.insert({ id: randomUUID(), userId, postId: postIds[0]!, kind: 'shipped', facts: facts as unknown as JsonFacts, createdAt: now, dueAt: now });
  }
  return followed.size;
}

/** Each follower of any linked post → the linked posts they follow, in the entry's order. */
async function followedPostsByUser(tx: Repositories, entryId: string): Promise<Map<string, string[]>> {
  const links = await tx.changelogLinks.listByEntry(entryId);
  const posts = await tx.posts.getMany(links.map((link) => link.postId));
  const byUser = new Map<string, string[]>();
  for (const link of links) {
    const post = posts.get(link.postId);
    if (!post) continue;
    for (const userId of await subscriberIds(tx, post)) byUser.set(userId, [...(byUser.get(userId) ?? []), post.id]);
  }
  return byUser;
}

/**
 * The mail of one `shipped` notification, or null when there is nothing to send: the person is
 * gone, blocked or turned mail off, the entry is gone, or none of its posts is one they still
 * follow and can see (a board hidden since, an unsubscribe since).
 */
export async function composeShippedMail(ctx: ServiceContext, repos: Repositories, row: NotificationRow): Promise<MailMessage | null> {
  const facts = row.facts as unknown as ShippedFacts;
  const [user, entry] = await Promise.all([repos.users.get(row.userId), repos.changelogEntries.get(facts.entryId)]);
  if (!wantsMail(user) || !entry || entry.status !== 'published') return null;
  const recipient = await actorFor(repos, user);
  const posts = await repos.posts.getMany(facts.postIds);
  const shipped: ShippedPost[] = [];
  for (const postId of facts.postIds) {
    const post = posts.get(postId);
    const reason = post ? await followReason(repos, user.id, post) : null;
    if (!post || reason === null || !(await canSeePost(repos, recipient, post))) continue;
    shipped.push({ title: post.title, slug: post.slug, reason, unsubscribeToken: await unsubscribeTokenFor(ctx.config, { userId: user.id, postId: post.id }) });
  }
  if (shipped.length === 0) return null;
  const settings = await repos.settings.get();
  return shippedMessage({
    siteTitle: settings.title,
    locale: mailLocale(user, settings),
    to: user.email,
    recipientName: user.name.trim(),
    entry: { title: entry.title, slug: entry.slug },
    posts: shipped,
    publicUrl: ctx.config.publicUrl.replace(/\/+$/, ''),
  });
}

async function followReason(repos: Repositories, userId: string, post: PostRow): Promise<SubscriptionReason | null> {
  const state = await subscriptionOf(repos, userId, post);
  return state.subscribed ? state.reason : null;
}
