import type { ImportProgress } from './import-apply.js';

/**
 * Progress of the imports running in this process, by the id the command chose. The control
 * socket answers once per request, so a command importing through a running server asks for
 * `import.progress` on other connections while its `import.run` request is under way.
 */
const running = new Map<string, ImportProgress | null>();

/** Listeners in this process (a command running the import itself), told at every batch. */
const watchers = new Map<string, (progress: ImportProgress) => void>();

/** Ids are chosen by the command: a short token, never a path or anything printed elsewhere. */
const PROGRESS_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The progress id from operation arguments; undefined when none (or an unusable one) was given. */
export function progressIdOf(value: unknown): string | undefined {
  return typeof value === 'string' && PROGRESS_ID.test(value) ? value : undefined;
}

/** Starts tracking an import; returns the listener to feed and a function that stops tracking. */
export function trackImport(id: string): { listener: (progress: ImportProgress) => void; stop: () => void } {
  running.set(id, null);
  const listener = (progress: ImportProgress) => {
    running.set(id, progress);
    watchers.get(id)?.(progress);
  };
  return { listener, stop: () => running.delete(id) };
}

/** Tells `listener` the progress of the import with this id when it runs in this process; returns the unsubscribe function. */
export function watchImport(id: string, listener: (progress: ImportProgress) => void): () => void {
  watchers.set(id, listener);
  return () => watchers.delete(id);
}

/** The latest progress of a running import: null before its first batch, undefined when no such import runs. */
export function importProgress(id: string): ImportProgress | null | undefined {
  return running.get(id);
}
