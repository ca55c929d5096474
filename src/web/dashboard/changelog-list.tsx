import { listAllEntries } from '../api/dashboard-changelog.js';
import type { ChangelogEntry } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { useStoredList } from './catalogue-parts.js';
import { ideasCount, statusWords } from './changelog-words.js';
import { TableWrap } from './table-wrap.js';

/** Every entry, drafts and scheduled ones first as the API orders them, each opening its editor. */
export function ChangelogList() {
  const entries = useStoredList(listAllEntries);
  return (
    <section aria-labelledby="changelog-title" class="catalogue">
      <h1 id="changelog-title">Changelog</h1>
      <p class="catalogue-intro">Tell people what shipped. Publishing an entry mails everyone who voted for the ideas it ships, once.</p>
      <div class="dashboard-toolbar catalogue-toolbar">
        <a class="button button--primary" href="/dashboard/changelog/new">
          New entry
        </a>
      </div>
      {entries.error !== null && <ErrorNotice error={entries.error} onRetry={() => void entries.refresh()} />}
      {entries.items ? (
        entries.items.length === 0 ? (
          <p class="catalogue-empty">No entries yet. Write the first one when an idea ships, and its voters hear about it.</p>
        ) : (
          <EntriesTable entries={entries.items} />
        )
      ) : (
        entries.error === null && <Skeleton rows={3} label="Loading the changelog" />
      )}
    </section>
  );
}

function EntriesTable({ entries }: { entries: ChangelogEntry[] }) {
  return (
    <TableWrap label="Changelog entries">
      <table class="dashboard-table changelog-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Status</th>
            <th scope="col">Ideas</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.entryId} class={`changelog-table__${entry.status}`}>
              <th scope="row">
                <a href={`/dashboard/changelog/${entry.entryId}`}>{entry.title}</a>
              </th>
              <td>{statusWords(entry)}</td>
              <td>{ideasCount(entry.posts.length)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
