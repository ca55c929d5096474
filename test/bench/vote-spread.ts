import type { Random } from './random.js';

/*
 * Who votes on what in a realistic seed: vote counts fall off with a post's popularity as a power
 * law (exponent 0.7: at 100k posts, 2,000 users and 200k votes the top post has every user's vote,
 * about a hundred posts have 100 or more, 85% have 0–2 and 30% none), and popularity is shuffled
 * over the posts so the popular ones are not all the newest.
 */

const EXPONENT = 0.7;

/** The number of votes of each post (by index), summing to `votes`, none above `users`. */
export function voteCounts(posts: number, users: number, votes: number, random: Random): Uint16Array | Uint32Array {
  const wanted = Math.min(votes, posts * users);
  const scale = solveScale(posts, users, wanted);
  const byRank = Array.from({ length: posts }, (_, rank) => countAt(scale, rank, users));
  const counts = users < 65_536 ? new Uint16Array(posts) : new Uint32Array(posts);
  const order = shuffled(posts, random);
  byRank.forEach((count, rank) => {
    counts[order[rank]!] = count;
  });
  // Flooring leaves a few votes over: one each to random posts with room.
  let left = wanted - byRank.reduce((sum, count) => sum + count, 0);
  while (left > 0) {
    const post = random.int(0, posts - 1);
    if (counts[post]! >= users) continue;
    counts[post]! += 1;
    left--;
  }
  return counts;
}

/**
 * Calls `vote(userIndex)` for `count` distinct users: a random start and a stride coprime with
 * `users` visit distinct users without a set per post.
 */
export function forEachVoter(count: number, users: number, random: Random, vote: (user: number) => void): void {
  const start = random.int(0, users - 1);
  let stride = random.int(1, Math.max(1, users - 1));
  while (gcd(stride, users) !== 1) stride++;
  for (let k = 0; k < count; k++) vote((start + k * stride) % users);
}

function countAt(scale: number, rank: number, users: number): number {
  return Math.min(users, Math.floor(scale / (rank + 1) ** EXPONENT));
}

/** The scale at which the floored, capped counts add up to at most `votes` (bisection). */
function solveScale(posts: number, users: number, votes: number): number {
  let low = 0;
  let high = users * posts ** EXPONENT + 1;
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    let total = 0;
    for (let rank = 0; rank < posts && total <= votes; rank++) total += countAt(middle, rank, users);
    if (total <= votes) low = middle;
    else high = middle;
  }
  return low;
}

function shuffled(length: number, random: Random): Uint32Array {
  const order = new Uint32Array(length);
  for (let i = 0; i < length; i++) order[i] = i;
  for (let i = length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
