import { useEffect, useState } from 'preact/hooks';
import { listChangelog } from '../api/endpoints.js';
import type { ChangelogEntry } from '../api/types.js';
import { EntryMeta, ShippedIdeas } from '../components/changelog-parts.js';
import { Markdown } from '../components/markdown.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { pageHref } from '../embed/mode.js';
import { useFeedLink } from '../feed-link.js';
import { t } from '../i18n/t.js';
import { setPageTitle } from '../site.js';
import { useLoad } from '../use-load.js';

const PAGE_SIZE = 10;

/** `/changelog`: what shipped, newest first, each entry with the ideas it answers. */
export function ChangelogPage() {
  const [pages, setPages] = useState(1);
  useEffect(() => setPageTitle(t('common.changelog')), []);
  useFeedLink('/changelog/feed.atom', t('common.changelog'));
  return (
    <>
      <div class="page-head">
        <h1>{t('common.changelog')}</h1>
      </div>
      <p class="muted">{t('changelog.intro')}</p>
      <ol class="changelog-list">
        {Array.from({ length: pages }, (_, index) => (
          <ChangelogPart key={index} page={index + 1} onMore={index === pages - 1 ? () => setPages(pages + 1) : null} />
        ))}
      </ol>
    </>
  );
}

/** One page of entries; the last page shown offers the next. */
function ChangelogPart({ page, onMore }: { page: number; onMore: (() => void) | null }) {
  const part = useLoad(() => listChangelog({ page, limit: PAGE_SIZE }), [page]);
  if (part.error) return <li><ErrorNotice error={part.error} onRetry={part.reload} /></li>;
  if (!part.data) return <li><Skeleton label={t('changelog.loading')} /></li>;
  if (page === 1 && part.data.entries.length === 0) return <li class="empty"><p>{t('changelog.empty')}</p></li>;
  return (
    <>
      {part.data.entries.map((entry) => (
        <li key={entry.entryId}>
          <EntrySummary entry={entry} />
        </li>
      ))}
      {onMore && part.data.has_next_page && (
        <li class="changelog-more">
          <button type="button" class="button" onClick={onMore}>
            {t('changelog.showOlder')}
          </button>
        </li>
      )}
    </>
  );
}

function EntrySummary({ entry }: { entry: ChangelogEntry }) {
  return (
    <article class="changelog-entry" aria-labelledby={`entry-${entry.entryId}`}>
      <h2 id={`entry-${entry.entryId}`}>
        <a href={pageHref(`/changelog/${entry.slug}`)}>{entry.title}</a>
      </h2>
      <EntryMeta entry={entry} />
      {entry.contentMarkdown && <Markdown source={entry.contentMarkdown} />}
      <ShippedIdeas entry={entry} />
    </article>
  );
}
