import { listChangelog } from '../api/endpoints.js';
import { pageHref } from '../embed/mode.js';
import { useLoad } from '../use-load.js';

/** "Shipped in <entry>": the published changelog entries that answer this idea (issue 30); nothing while there are none. */
export function ShippedIn({ postId }: { postId: string }) {
  const shipped = useLoad(() => listChangelog({ postId, limit: 5 }), [postId]);
  const entries = shipped.data?.entries.filter((entry) => entry.status === 'published') ?? [];
  if (entries.length === 0) return null;
  return (
    <p class="shipped-in">
      <span aria-hidden="true">✓</span>
      <span>
        Shipped in{' '}
        {entries.map((entry, index) => (
          <span key={entry.entryId}>
            {index > 0 && ', '}
            <a href={pageHref(`/changelog/${entry.slug}`)}>{entry.title}</a>
          </span>
        ))}
      </span>
    </p>
  );
}
