import type { ChangelogEntry, ChangelogLabel } from '../api/types.js';
import { formatDate } from '../format.js';
import { pageHref } from '../embed/mode.js';

const LABEL_WORDS: Record<ChangelogLabel, string> = { new: 'New', improved: 'Improved', fixed: 'Fixed' };

/** The date it shipped and its kinds of change ("New", "Fixed"). */
export function EntryMeta({ entry }: { entry: ChangelogEntry }) {
  const date = entry.publishedAt ?? entry.publishAt ?? entry.createdAt;
  return (
    <p class="changelog-meta">
      <time dateTime={date}>{shippedDate(date)}</time>
      {entry.labels.map((label) => (
        <span key={label} class={`changelog-label changelog-label--${label}`}>
          {LABEL_WORDS[label]}
        </span>
      ))}
      {entry.status !== 'published' && <span class="changelog-label">{entry.status === 'draft' ? 'Draft' : `Scheduled for ${formatDate(date)}`}</span>}
    </p>
  );
}

/** The ideas an entry ships, each linking to its page. */
export function ShippedIdeas({ entry }: { entry: ChangelogEntry }) {
  if (entry.posts.length === 0) return null;
  return (
    <div class="changelog-ideas">
      <h3>{entry.posts.length === 1 ? 'The idea it answers' : 'The ideas it answers'}</h3>
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

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** "29 November 2026": a changelog is read by the day. */
export const shippedDate = (iso: string): string => day.format(new Date(iso));
