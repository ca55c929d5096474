/*
 * The delivery worker of `serve` (issue 17 §6): fans recorded events out, sends due webhook
 * deliveries (several at once, each off any request, so a slow receiver slows nobody), sends due
 * notification digests, publishes changelog entries whose time has come (issue 30), and prunes old
 * deliveries and the uploaded images no post or comment uses (issue 31 §3). It looks for work every outboxPollMs and at once
 * when one of its deliveries ends. Every serve runs one; on PostgreSQL the claims' row locks share
 * the work between them.
 */
import type { ServiceContext } from '../context.js';
import { claimDueDeliveries, runDelivery } from './deliveries.js';
import { fanOutEvents } from './fan-out.js';
import { sendDueNotifications } from './notify-send.js';
import { publishNextDueEntry } from '../changelog/publish.js';
import { sweepOrphanUploads, sweepRowlessBytes } from '../uploads.js';

const EVENTS_PER_CLAIM = 200;
const NOTIFICATIONS_PER_CLAIM = 100;
/** Deliveries in flight at once: enough that one slow receiver does not hold up the others. */
const DELIVERIES_IN_FLIGHT = 8;
const PRUNE_EVERY_MS = 60_000;

export interface OutboxWorker {
  /** Look for work now. */
  wake(): void;
  /** Stops looking for work and waits for the attempts under way. */
  stop(): Promise<void>;
}

export function startOutboxWorker(ctx: ServiceContext): OutboxWorker {
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let lastPrune = 0;
  let lastSweep = 0;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(wake, delayMs);
  };

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        wake();
      } else {
        schedule(ctx.config.outboxPollMs);
      }
    });
  }

  async function pass(): Promise<void> {
    await publishDueChangelog();
    try {
      while ((await fanOutEvents(ctx, EVENTS_PER_CLAIM)).events === EVENTS_PER_CLAIM && !stopped);
      await startDeliveries();
      while ((await sendDueNotifications(ctx, NOTIFICATIONS_PER_CLAIM)) > 0 && !stopped);
      await pruneNowAndThen();
      await sweepUploadsNowAndThen();
    } catch (error) {
      // Storage refusing writes (full disk, database down) is retried at the next poll; nothing is lost.
      ctx.logger.warn({ err: error }, 'delivery worker pass failed; trying again');
    }
  }

  /**
   * Due changelog entries first, so their events are fanned out in the same pass; apart, so an
   * entry that cannot be published now holds up no delivery (it is tried again at the next poll).
   */
  async function publishDueChangelog(): Promise<void> {
    try {
      while ((await publishNextDueEntry(ctx)) && !stopped);
    } catch (error) {
      ctx.logger.warn({ err: error }, 'publishing a scheduled changelog entry failed; trying again');
    }
  }

  async function startDeliveries(): Promise<void> {
    const free = DELIVERIES_IN_FLIGHT - inFlight.size;
    if (free <= 0 || stopped) return;
    for (const claimed of await claimDueDeliveries(ctx, free)) {
      const attempt: Promise<void> = runDelivery(ctx, claimed)
        .catch((error) => ctx.logger.warn({ err: error, deliveryId: claimed.delivery.id }, 'webhook delivery could not be recorded'))
        .finally(() => {
          inFlight.delete(attempt);
          wake();
        });
      inFlight.add(attempt);
    }
  }

  async function pruneNowAndThen(): Promise<void> {
    if (Date.now() - lastPrune < Math.min(PRUNE_EVERY_MS, ctx.config.webhookDeliveryRetentionMs)) return;
    lastPrune = Date.now();
    const before = new Date(lastPrune - ctx.config.webhookDeliveryRetentionMs).toISOString();
    await ctx.storage.transaction((tx) => tx.webhookDeliveries.deleteFinishedBefore(before));
  }

  /** Orphaned uploads, at most every PRUNE_EVERY_MS (sooner when uploadOrphanMs is shorter, for tests). */
  async function sweepUploadsNowAndThen(): Promise<void> {
    if (Date.now() - lastSweep < Math.min(PRUNE_EVERY_MS, ctx.config.uploadOrphanMs)) return;
    lastSweep = Date.now();
    await sweepOrphanUploads(ctx, lastSweep);
    await sweepRowlessBytes(ctx);
  }

  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.allSettled([...inFlight]);
    },
  };
}
