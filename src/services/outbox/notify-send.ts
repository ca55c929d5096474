/*
 * Sending queued notifications: the due ones are claimed and leased (as deliveries are), grouped
 * into one digest per user and post, composed at send time (so what became hidden meanwhile is left
 * out), mailed, then deleted. A failed send is tried again after the digest window; a notification
 * that could not be sent for webhookGiveUpAfterMs is dropped with a log line.
 */
import { type NotificationRow, RowNotFound } from '../../storage/types.js';
import type { ServiceContext } from '../context.js';
import { SMTP_TIMEOUTS } from '../mail/transports.js';
import { composeShippedMail } from '../changelog/shipped-notices.js';
import { composeDigest } from '../notifications/digest.js';

/** Longer than any one SMTP exchange can take, so only a dead process's lease runs out. */
const NOTIFICATION_LEASE_MS = 2 * Object.values(SMTP_TIMEOUTS).reduce((sum, ms) => sum + ms, 0);

/** Sends the digests due now, up to `limit` notifications; returns how many digests went out. */
export async function sendDueNotifications(ctx: ServiceContext, limit: number): Promise<number> {
  const claimed = await claimDueNotifications(ctx, limit);
  let sent = 0;
  for (const rows of groupByPair(claimed)) if (await sendDigest(ctx, rows)) sent++;
  return sent;
}

function claimDueNotifications(ctx: ServiceContext, limit: number): Promise<NotificationRow[]> {
  return ctx.storage.transaction(async (tx) => {
    const now = Date.now();
    const due = await tx.notifications.claimDue(new Date(now).toISOString(), limit);
    const leaseEnd = new Date(now + NOTIFICATION_LEASE_MS).toISOString();
    for (const row of due) await tx.notifications.update(row.id, { dueAt: leaseEnd });
    return due;
  });
}

function groupByPair(rows: readonly NotificationRow[]): NotificationRow[][] {
  const pairs = new Map<string, NotificationRow[]>();
  for (const row of rows) {
    // A `shipped` notification is a whole mail of its own (one per person and entry).
    const key = row.kind === 'shipped' ? `shipped/${row.id}` : `${row.userId}/${row.postId}`;
    pairs.set(key, [...(pairs.get(key) ?? []), row]);
  }
  return [...pairs.values()].map((group) => group.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1)));
}

/** True when a mail went out. */
async function sendDigest(ctx: ServiceContext, rows: NotificationRow[]): Promise<boolean> {
  const [first] = rows;
  if (!first) return false;
  const message = first.kind === 'shipped' ? await composeShippedMail(ctx, ctx.storage, first) : await composeDigest(ctx, ctx.storage, first.userId, first.postId, rows);
  const result = message ? await ctx.mailer.send(message) : null;
  const ids = rows.map((row) => row.id);
  if (result === null || result.ok) {
    await ctx.storage.transaction((tx) => tx.notifications.deleteMany(ids));
    return result !== null;
  }
  await retryLater(ctx, rows);
  return false;
}

async function retryLater(ctx: ServiceContext, rows: readonly NotificationRow[]): Promise<void> {
  const now = Date.now();
  const expired = rows.filter((row) => now - Date.parse(row.createdAt) >= ctx.config.webhookGiveUpAfterMs);
  if (expired.length > 0) ctx.logger.warn({ userId: rows[0]?.userId, postId: rows[0]?.postId, dropped: expired.length }, 'notification mail given up');
  const retryAt = new Date(now + ctx.config.notificationDigestMs).toISOString();
  await ctx.storage.transaction(async (tx) => {
    await tx.notifications.deleteMany(expired.map((row) => row.id));
    for (const row of rows) if (!expired.includes(row)) await tx.notifications.update(row.id, { dueAt: retryAt }).catch(unlessDeleted);
  });
}

/** A row deleted meanwhile (its post or user went) needs no retry. */
function unlessDeleted(error: unknown): void {
  if (!(error instanceof RowNotFound)) throw error;
}
