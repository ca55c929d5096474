/*
 * Sliding-window rate limiting in process memory (API.md §1.14). No Koa here: the HTTP middleware
 * (src/http/rate-limit.ts) decides what a key is and which answers count.
 *
 * Each key keeps the times of its counted hits inside the window, oldest first, at most `limit` of
 * them. A key is at its limit exactly when `limit` hits fall within the last `windowMs`, whatever
 * the phase: unlike a fixed window there is no burst of 2 × limit across a window edge.
 *
 * Several processes: every process counts on its own, so N processes behind one load balancer allow
 * up to N × limit. feedbackd with the JSON-file database runs as one process (the data dir lock);
 * a multi-process deployment (the PostgreSQL engine later) needs a shared store (a table or Redis)
 * behind this same interface, or sticky routing by client address.
 */

/** How one limiter counts. */
export interface SlidingWindowOptions {
  /** Counted hits allowed per key within any window. */
  limit: number;
  windowMs: number;
  /** Keys held at most; at the cap the key hit least recently is forgotten (see `#makeRoom`). */
  maxKeys?: number;
  /** Milliseconds on a clock that never goes back; tests pass a fake one. */
  now?: () => number;
}

/** The outcome of `attempt`: a counted hit (its time takes it back), or a refusal and how long to wait. */
export type Attempt = { allowed: true; time: number } | { allowed: false; retryAfterMs: number };

/**
 * Memory: about `maxKeys × limit` timestamps plus the keys. A flood of fresh keys (random emails)
 * cannot grow it past the cap; to get one victim's counter forgotten an attacker must first make
 * `maxKeys` newer counted hits, each itself limited by the rule's address key.
 */
export const DEFAULT_MAX_KEYS = 50_000;

/** Counted hits per key over a sliding window; one instance per rule. */
export class SlidingWindowLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;
  /** Key → hit times, oldest first. Map order: least recently hit key first. */
  readonly #hits = new Map<string, number[]>();

  constructor(options: SlidingWindowOptions) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    // performance.now() is monotonic: a wall-clock step (NTP, DST) neither frees nor locks anyone.
    this.#now = options.now ?? (() => performance.now());
  }

  /**
   * Refused when any key is at its limit (nothing is counted then); otherwise one hit is counted on
   * every key at once. Synchronous, so concurrent requests can never together pass the limit.
   */
  attempt(keys: readonly string[]): Attempt {
    const now = this.#now();
    const retryAfterMs = Math.max(0, ...keys.map((key) => this.#waitMs(key, now)));
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
    for (const key of keys) this.#record(key, now);
    return { allowed: true, time: now };
  }

  /** Takes back the hit an allowed attempt counted at `time` (its answer turned out not to count). */
  takeBack(keys: readonly string[], time: number): void {
    for (const key of keys) {
      const times = this.#hits.get(key);
      const index = times?.lastIndexOf(time) ?? -1;
      if (index < 0) continue;
      times!.splice(index, 1);
      if (times!.length === 0) this.#hits.delete(key);
    }
  }

  /** Forgets every hit of a key (a successful login clears its email's counter). */
  reset(key: string): void {
    this.#hits.delete(key);
  }

  /** Number of keys held, expired ones not yet pruned included. */
  get size(): number {
    return this.#hits.size;
  }

  /** Milliseconds until the key is under its limit again; 0 when it is under now. */
  #waitMs(key: string, now: number): number {
    const times = this.#liveTimes(key, now);
    if (times.length < this.#limit) return 0;
    // The hit whose leaving brings the count under the limit (the oldest when exactly at it).
    return times[times.length - this.#limit]! + this.#windowMs - now;
  }

  /** The key's hits still in the window; expired ones are dropped on the way. */
  #liveTimes(key: string, now: number): number[] {
    const times = this.#hits.get(key);
    if (!times) return [];
    const firstLive = times.findIndex((time) => this.#isLive(time, now));
    if (firstLive === 0) return times;
    if (firstLive < 0) {
      this.#hits.delete(key);
      return [];
    }
    times.splice(0, firstLive);
    return times;
  }

  #isLive(time: number, now: number): boolean {
    return time > now - this.#windowMs;
  }

  #record(key: string, now: number): void {
    const times = this.#hits.get(key);
    if (times) {
      // Re-inserted so the map stays ordered by last hit: expired keys gather at the front.
      this.#hits.delete(key);
      times.push(now);
      this.#hits.set(key, times);
      return;
    }
    this.#makeRoom(now);
    this.#hits.set(key, [now]);
  }

  /**
   * Before a new key: drop the keys whose last hit has left the window (they gather at the front of
   * the map, so the cost is amortised O(1)); if the cap is still reached, forget the key hit least
   * recently — its counter starts over. Refusing new keys instead would lock out everyone during a flood.
   */
  #makeRoom(now: number): void {
    for (const [key, times] of this.#hits) {
      if (this.#isLive(times.at(-1)!, now)) break;
      this.#hits.delete(key);
    }
    if (this.#hits.size < this.#maxKeys) return;
    const oldest = this.#hits.keys().next();
    if (!oldest.done) this.#hits.delete(oldest.value);
  }
}
