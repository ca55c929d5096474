import type { ChangelogEntry, ChangelogLabel } from '../api/types.js';
import { pageHref } from '../embed/mode.js';
import { locale, type MessageKey, t } from '../i18n/t.js';

const LABEL_KEYS: Record<ChangelogLabel, MessageKey> = { new: 'changelog.labelNew', improved: 'changelog.labelImproved', fixed: 'changelog.labelFixed' };

/** The date it shipped and its kinds of change ("New", "Fixed"). */
export function EntryMeta({ entry }: { entry: ChangelogEntry }) {
  const date = entry.publishedAt ?? entry.publishAt ?? entry.createdAt;
  return (
    <p class="changelog-meta">
      <time dateTime={date}>{shippedDate(date)}</time>
      {entry.labels.map((label) => (
        <span key={label} class={`changelog-label changelog-label--${label}`}>
          {t(LABEL_KEYS[label])}
        </span>
      ))}
      {entry.status !== 'published' && <span class="changelog-label">{entry.status === 'draft' ? t('changelog.draft') : t('changelog.scheduledFor', { date: shippedDate(date) })}</span>}
    </p>
  );
}

/** The ideas an entry ships, each linking to its page. */
export function ShippedIdeas({ entry }: { entry: ChangelogEntry }) {
  if (entry.posts.length === 0) return null;
  return (
    <div class="changelog-ideas">
      <h3>{t('changelog.ideasItAnswers', { count: entry.posts.length })}</h3>
      <ul>
        {entry.posts.map((post) => (
          <li key={post.postId}>
            <a href={pageHref(`/p/${post.slug}`)}>{post.title}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });

/** "November 29, 2026" (in the page's language): a changelog is read by the day. */
export const shippedDate = (iso: string): string => day.format(new Date(iso));
