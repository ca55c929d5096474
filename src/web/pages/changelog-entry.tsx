import { useRoute } from 'preact-iso/router';
import { useEffect } from 'preact/hooks';
import { getChangelogEntry } from '../api/endpoints.js';
import { EntryMeta, ShippedIdeas } from '../components/changelog-parts.js';
import { Markdown } from '../components/markdown.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { pageHref } from '../embed/mode.js';
import { useFeedLink } from '../feed-link.js';
import { t } from '../i18n/t.js';
import { setPageTitle } from '../site.js';
import { useLoad } from '../use-load.js';
import { NotFoundPage } from './not-found.js';

/** `/changelog/<slug>`: one entry, rendered, with the ideas it answers. */
export function ChangelogEntryPage() {
  const { params } = useRoute();
  const slug = params.slug ?? '';
  const entry = useLoad(() => getChangelogEntry(slug), [slug]);
  useEffect(() => setPageTitle(entry.data?.title ?? null), [entry.data]);
  useFeedLink('/changelog/feed.atom', t('common.changelog'));
  if ((entry.error as { code?: string } | null)?.code === 'CHANGELOG_ENTRY_NOT_FOUND') return <NotFoundPage what="update" />;
  if (entry.error) return <ErrorNotice error={entry.error} onRetry={entry.reload} />;
  if (!entry.data) return <Skeleton label={t('changelog.loadingEntry')} />;
  return (
    <article class="changelog-entry changelog-entry--page">
      <p>
        <a class="back-link" href={pageHref('/changelog')}>
          <span aria-hidden="true">←</span> {t('changelog.allUpdates')}
        </a>
      </p>
      <h1>{entry.data.title}</h1>
      <EntryMeta entry={entry.data} />
      {entry.data.contentMarkdown && <Markdown source={entry.data.contentMarkdown} />}
      <ShippedIdeas entry={entry.data} />
    </article>
  );
}
