import { listChangelog } from './api/endpoints.js';
import { createStore, useStore } from './store.js';

/** Whether anything has shipped: the header links to the changelog only then (issue 30). */
const shippedStore = createStore(false);

export const useHasChangelog = () => useStore(shippedStore);

/** Asked once at start: a few entries, since those who write them also get their drafts. */
export async function loadChangelogPresence(): Promise<void> {
  try {
    const { entries } = await listChangelog({ limit: 10 });
    shippedStore.set(entries.some((entry) => entry.status === 'published'));
  } catch {
    // No link then; the page itself still answers at /changelog.
  }
}
