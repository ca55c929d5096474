import { useEffect, useState } from 'preact/hooks';
import { listActivity } from '../api/endpoints.js';
import type { Activity, Comment } from '../api/types.js';

/** The API's page size for activity (endpoints.ts asks for the most it allows). */
const PAGE_SIZE = 100;

/** A post's activity as loaded so far, and the ways to change it in place. */
export interface ActivityList {
  items: Activity[];
  loading: boolean;
  error: unknown;
  /** More (older) activity exists than is loaded. */
  hasEarlier: boolean;
  loadEarlier: () => void;
  retry: () => void;
  add: (item: Activity) => void;
  update: (comment: Comment) => void;
  remove: (commentIds: Set<string>) => void;
}

/** Loads a post's activity, newest page first; older pages on request. */
export function useActivity(postId: string, internal: boolean): ActivityList {
  const [items, setItems] = useState<Activity[]>([]);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ loading: boolean; error: unknown; hasEarlier: boolean }>({ loading: true, error: null, hasEarlier: false });
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    listActivity(postId, page, internal).then(
      (loaded) => {
        if (!current) return;
        setItems((earlier) => merge(earlier, loaded));
        setState({ loading: false, error: null, hasEarlier: loaded.length === PAGE_SIZE });
      },
      (error: unknown) => current && setState((previous) => ({ ...previous, loading: false, error })),
    );
    return () => {
      current = false;
    };
  }, [postId, internal, page, attempt]);

  return {
    items,
    ...state,
    loadEarlier: () => setPage(page + 1),
    retry: () => setAttempt(attempt + 1),
    add: (item) => setItems((earlier) => merge(earlier, [item])),
    update: (comment) => setItems((earlier) => earlier.map((item) => (item.comment.id === comment.id ? { ...item, comment } : item))),
    remove: (ids) => setItems((earlier) => earlier.filter((item) => !ids.has(item.comment.id))),
  };
}

/** Items from both lists, once each: pages shift when comments are added, so they may overlap. */
function merge(earlier: Activity[], more: Activity[]): Activity[] {
  const seen = new Set(earlier.map((item) => item.id));
  return [...earlier, ...more.filter((item) => !seen.has(item.id))];
}
