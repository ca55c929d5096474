import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

/** What a page knows about one request: its data, its failure, whether it is still running. */
export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` when `deps` change; an answer that arrives after newer deps is dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error: unknown; loading: boolean }>({ error: null, loading: true });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const run = ++latest.current;
    setState((previous) => ({ data: previous.data, error: null, loading: true }));
    load().then(
      (data) => run === latest.current && setState({ data, error: null, loading: false }),
      (error: unknown) => run === latest.current && setState({ error, loading: false }),
    );
  }, [...deps, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
