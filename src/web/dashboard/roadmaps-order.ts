import { useRef, useState } from 'preact/hooks';
import { swapRoadmaps } from '../api/dashboard-roadmaps.js';
import type { Roadmap } from '../api/types.js';

/**
 * The swaps that move the item at `from` to `to`, each with its neighbour on the way: the API only
 * swaps two roadmaps (API.md §4.7.6), and moving one item d places takes no fewer than d swaps.
 */
export function swapsFor(ids: readonly string[], from: number, to: number): Array<[string, string]> {
  const moving = ids[from]!;
  const step = to > from ? 1 : -1;
  const swaps: Array<[string, string]> = [];
  for (let at = from; at !== to; at += step) swaps.push([moving, ids[at + step]!]);
  return swaps;
}

/** What the list needs to reorder roadmaps: one move at a time, and what went wrong with the last one. */
export interface Reorder {
  pending: boolean;
  problem: unknown;
  /** Moves `roadmap` to position `to` (0-based). */
  move(roadmap: Roadmap, to: number): void;
}

/**
 * Moves a roadmap by swaps, then re-reads the list so the page shows the stored order, and says where
 * the roadmap now is. Focus stays on the button pressed: rows are keyed by id, so it is the same element.
 */
export function useReorder(roadmaps: Roadmap[], refresh: () => Promise<Roadmap[] | undefined>, say: (text: string) => void): Reorder {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  // Two presses within one render would both see `pending` false: the ref is the guard.
  const running = useRef(false);
  const move = async (roadmap: Roadmap, to: number) => {
    const from = roadmaps.findIndex((candidate) => candidate.id === roadmap.id);
    if (running.current || from < 0 || to < 0 || to >= roadmaps.length || to === from) return;
    running.current = true;
    setPending(true);
    setProblem(null);
    say('');
    let failed = false;
    try {
      for (const [a, b] of swapsFor(roadmaps.map((item) => item.id), from, to)) await swapRoadmaps(a, b);
    } catch (error) {
      failed = true;
      setProblem(error);
    }
    const fresh = await refresh();
    running.current = false;
    setPending(false);
    const position = fresh ? fresh.findIndex((item) => item.id === roadmap.id) + 1 : 0;
    if (fresh && !failed && position > 0) say(`${roadmap.name} moved to position ${position} of ${fresh.length}.`);
  };
  return { pending, problem, move: (roadmap, to) => void move(roadmap, to) };
}
