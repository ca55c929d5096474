import { useEffect, useRef, useState } from 'preact/hooks';
import { listPosts, similarPosts } from '../api/endpoints.js';
import type { Post } from '../api/types.js';

/** How long typing pauses before a search runs. */
const TYPING_PAUSE_MS = 300;
const SHOWN = 8;

/** The posts a duplicate could be merged into: its most similar before any typing, then the search's matches. */
export interface Candidates {
  posts: Post[];
  /** Suggestions (nothing typed yet) or matches of the typed text. */
  kind: 'similar' | 'matches';
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/** Candidates for merging `post` into, for the text typed so far; the post itself is never one. */
export function useMergeCandidates(post: { postId: string; title: string }, typed: string): Candidates {
  const query = typed.trim();
  // The kind travels with the posts: while a search runs, the suggestions shown are still called suggestions.
  const [state, setState] = useState<Omit<Candidates, 'retry'>>({ posts: [], kind: 'similar', loading: true, failed: false });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const run = ++latest.current;
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    // Suggestions load at once; a search waits for typing to pause, so each key is not a request.
    const timer = setTimeout(
      () => {
        const kind = query ? 'matches' : 'similar';
        const found = query ? listPosts({ query, limit: SHOWN + 1 }) : similarPosts(post.title);
        found.then(
          (posts) => run === latest.current && setState({ posts: posts.filter((p) => p.postId !== post.postId).slice(0, SHOWN), kind, loading: false, failed: false }),
          () => run === latest.current && setState({ posts: [], kind, loading: false, failed: true }),
        );
      },
      query ? TYPING_PAUSE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [query, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
