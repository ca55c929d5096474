/*
 * Publishing a changelog entry (issue 30 §1): now, or at `publishAt` by `serve`'s worker. Every
 * effect is written in the transaction that flips the entry to `published`: the posts moved to
 * `moveToRoadmapId` (recorded as status changes by the entry's author, as a PATCH would), the
 * `changelog.published` event whose fan-out queues the webhook deliveries and the "Shipped" mail.
 * The transaction reads the entry locked (FOR UPDATE, or SKIP LOCKED for the worker's claim on
 * PostgreSQL) and only publishes a row not yet published, so however many servers try, and
 * whatever dies midway (a kill -9 rolls the transaction back whole), it happens exactly once.
 */
import { appError } from '../../errors.js';
import type { ChangelogEntryRow, Repositories } from '../../storage/types.js';
import { actorFor } from '../actors.js';
import type { Actor, ServiceContext } from '../context.js';
import { recordEvent } from '../outbox/record.js';
import type { Body } from '../validation/fields.js';
import { findEntryById, requireChangelogWriter, requireEntryWriter } from './access.js';
import { parsePublishAt } from './input.js';
import { type ChangelogEntryView, renderEntry } from './views.js';

/**
 * `POST /changelog/:entry_id/publish`: `publishAt` absent, null or not in the future publishes now;
 * a later one schedules (again, when already scheduled). 409 when it is out already.
 */
export async function publishChangelogEntry(ctx: ServiceContext, actor: Actor, id: string, body: Body): Promise<ChangelogEntryView> {
  requireChangelogWriter(actor);
  return ctx.storage.transaction(async (tx) => {
    const found = await findEntryById(tx, id);
    requireEntryWriter(actor, found);
    const publishAt = parsePublishAt(body.publishAt);
    const entry = (await tx.changelogEntries.lock(found.id)) ?? found;
    if (entry.status === 'published') throw appError('CHANGELOG_ALREADY_PUBLISHED');
    const now = new Date();
    const done =
      publishAt !== null && publishAt > now
        ? await tx.changelogEntries.update(entry.id, { status: 'scheduled', publishAt: publishAt.toISOString(), updatedAt: now.toISOString() })
        : await publishInTransaction(tx, entry, now.toISOString());
    return renderEntry(tx, actor, done);
  });
}

/** Publishes one scheduled entry whose time has come, if any; true when one was (call again until false). */
export async function publishNextDueEntry(ctx: ServiceContext): Promise<boolean> {
  return ctx.storage.transaction(async (tx) => {
    const now = new Date().toISOString();
    const [due] = await tx.changelogEntries.claimDue(now, 1);
    if (!due) return false;
    await publishInTransaction(tx, due, now);
    return true;
  });
}

/** The entry out, with every effect, in the caller's transaction (which holds the entry's row). */
async function publishInTransaction(tx: Repositories, entry: ChangelogEntryRow, now: string): Promise<ChangelogEntryRow> {
  const author = await authorActor(tx, entry.authorId);
  await movePostsToRoadmap(tx, entry, author, now);
  const published = await tx.changelogEntries.update(entry.id, { status: 'published', publishedAt: now, updatedAt: now });
  await recordEvent(tx, 'changelog.published', null, author, { entryId: entry.id });
  return published;
}

/** The author as they act now; null (the system) when their account is gone. */
async function authorActor(tx: Repositories, authorId: string): Promise<Actor | null> {
  const user = await tx.users.get(authorId);
  return user ? actorFor(tx, user) : null;
}

/**
 * Each linked post not yet on `moveToRoadmapId` moves there, recorded as `post.status_changed`
 * (webhooks see an ordinary status change; the status mail gives way to the "Shipped" one). A
 * roadmap deleted since the entry was written moves nothing.
 */
async function movePostsToRoadmap(tx: Repositories, entry: ChangelogEntryRow, author: Actor | null, now: string): Promise<void> {
  const toRoadmapId = entry.moveToRoadmapId;
  if (toRoadmapId === null || !(await tx.roadmaps.get(toRoadmapId))) return;
  const links = await tx.changelogLinks.listByEntry(entry.id);
  const posts = await tx.posts.getMany(links.map((link) => link.postId));
  for (const post of posts.values()) {
    if (post.roadmapId === toRoadmapId) continue;
    await tx.posts.update(post.id, { roadmapId: toRoadmapId, updatedAt: now });
    await recordEvent(tx, 'post.status_changed', post.id, author, { fromRoadmapId: post.roadmapId, toRoadmapId, changelogEntryId: entry.id });
  }
}
