/** How many single-character edits (insert, delete, replace) turn `a` into `b`; code points count as one. */
export function editDistance(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      const replace = previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, replace);
    }
    previous = current;
  }
  return previous[right.length]!;
}

/**
 * The candidate a typo most likely meant: the fewest edits away, at most two (one for text of
 * up to seven characters), so a short or a wholly different word suggests nothing. Ties go to the first in alphabetical order, so the answer never depends on storage order.
 */
export function closestMatch(typed: string, candidates: Iterable<string>): string | null {
  const limit = [...typed].length < 8 ? 1 : 2;
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of candidates) {
    // Lengths further apart than the limit need more edits than it allows: no need to count them.
    if (Math.abs([...candidate].length - [...typed].length) > limit) continue;
    const distance = editDistance(typed, candidate);
    if (distance === 0 || distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate < best.candidate)) best = { candidate, distance };
  }
  return best?.candidate ?? null;
}
