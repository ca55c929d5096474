/*
 * Deterministic randomness for seeding and query lists: the same seed gives the same data on
 * every run and engine, so figures from different runs describe the same workload.
 */

/** A seeded PRNG (mulberry32): `next()` is uniform in [0, 1). Fast and plenty for test data. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A UUID v4 from this generator: row ids stay the same between runs, so ties order the same way. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = (8 + Math.floor(this.next() * 4)).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  /** `count` letters of [0-9a-z], like a generated slugId. */
  base36(count: number): string {
    return Array.from({ length: count }, () => Math.floor(this.next() * 36).toString(36)).join('');
  }
}

/**
 * Draws ranks 0..n-1 with probability proportional to 1 / (rank + 1)^exponent: a few words (or
 * posts) take most of the draws and a long tail is rare, as in real text and real voting.
 */
export class Zipf {
  private readonly cumulative: Float64Array;

  constructor(n: number, exponent = 1) {
    this.cumulative = new Float64Array(n);
    let sum = 0;
    for (let rank = 0; rank < n; rank++) {
      sum += 1 / (rank + 1) ** exponent;
      this.cumulative[rank] = sum;
    }
    for (let rank = 0; rank < n; rank++) this.cumulative[rank]! /= sum;
  }

  /** A rank drawn with `random`. */
  draw(random: Random): number {
    const target = random.next();
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
