import { useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { getEntry } from '../api/dashboard-changelog.js';
import { listAllRoadmaps } from '../api/dashboard-roadmaps.js';
import type { ChangelogEntry, Roadmap } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { useLoad } from '../use-load.js';
import { EntryForm } from './changelog-form.js';
import { statusWords } from './changelog-words.js';

/** /dashboard/changelog/new and /dashboard/changelog/<entry id>: the entry's editor, once the entry and the roadmaps are read. */
export function ChangelogEditorPage({ entryId }: { entryId: string | null }) {
  const loaded = useLoad(() => Promise.all([entryId ? getEntry(entryId) : null, listAllRoadmaps()] as const), [entryId]);
  // After a save the API's answer is the entry: the heading and the status follow it.
  const [stored, setStored] = useState<ChangelogEntry | null>(null);
  const entry = stored ?? loaded.data?.[0] ?? null;
  return (
    <section aria-labelledby="changelog-editor-title" class="changelog-editor">
      <a class="roles-back" href="/dashboard/changelog">
        <span aria-hidden="true">←</span> All entries
      </a>
      <h1 id="changelog-editor-title">{entry ? entry.title : entryId ? 'Changelog entry' : 'New entry'}</h1>
      {entry && <EntryStatus entry={entry} />}
      {loaded.error ? (
        // A missing entry or a bad address does not get better with a retry.
        <ErrorNotice error={loaded.error} onRetry={isRefusal(loaded.error) ? undefined : loaded.reload} />
      ) : loaded.data ? (
        <EntryForm entry={entry} roadmaps={loaded.data[1] as Roadmap[]} onStored={setStored} />
      ) : (
        <Skeleton rows={5} label="Loading the entry" />
      )}
    </section>
  );
}

/** Where the entry stands, and the way to it on the site once it is out. */
function EntryStatus({ entry }: { entry: ChangelogEntry }) {
  return (
    <p class="changelog-editor__status">
      <span class={`changelog-state changelog-state--${entry.status}`}>{statusWords(entry)}</span>
      {entry.status === 'published' && <a href={`/changelog/${entry.slug}`}>View on the site</a>}
    </p>
  );
}

function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
