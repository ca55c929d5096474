// Turns the API's flat, newest-first activity into a timeline: oldest first, replies under their thread.
import type { Activity } from '../api/types.js';

/** One top-level comment and every reply beneath it (replies to replies included), oldest first. */
export interface Thread {
  root: Activity;
  replies: Activity[];
}

const byTime = (a: Activity, b: Activity) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/** The threads of a post's activity; a reply whose parent is not shown stands as its own thread. */
export function threadsOf(items: Activity[]): Thread[] {
  const byComment = new Map(items.map((item) => [item.comment.id, item]));
  const threads = new Map<string, Thread>();
  const sorted = [...items].sort(byTime);
  for (const item of sorted) {
    const root = rootOf(item, byComment);
    if (root === item) threads.set(item.comment.id, { root: item, replies: [] });
  }
  for (const item of sorted) {
    const root = rootOf(item, byComment);
    if (root !== item) threads.get(root.comment.id)?.replies.push(item);
  }
  return [...threads.values()];
}

/** The top-level comment above `item` (itself when it has no visible parent). */
function rootOf(item: Activity, byComment: Map<string, Activity>): Activity {
  let current = item;
  const seen = new Set<string>();
  while (current.comment.parent_id && !seen.has(current.comment.id)) {
    seen.add(current.comment.id);
    const parent = byComment.get(current.comment.parent_id);
    if (!parent) break;
    current = parent;
  }
  return current;
}

/** The ids of a comment and of all replies below it: what the API deletes with it (API.md §4.11.4). */
export function threadIdsOf(commentId: string, items: Activity[]): Set<string> {
  const ids = new Set([commentId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of items) {
      const parent = item.comment.parent_id;
      if (parent && ids.has(parent) && !ids.has(item.comment.id)) {
        ids.add(item.comment.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The author's name as people read it. */
export const nameOf = (user: { name: string; username: string }) => user.name || user.username;
