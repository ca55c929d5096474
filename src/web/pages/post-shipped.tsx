import { listChangelog } from '../api/endpoints.js';
import { pageHref } from '../embed/mode.js';
import { locale, tx } from '../i18n/t.js';
import { useLoad } from '../use-load.js';

/** "Shipped in <entry>": the published changelog entries that answer this idea (issue 30); nothing while there are none. */
export function ShippedIn({ postId }: { postId: string }) {
  const shipped = useLoad(() => listChangelog({ postId, limit: 5 }), [postId]);
  const entries = shipped.data?.entries.filter((entry) => entry.status === 'published') ?? [];
  if (entries.length === 0) return null;
  const links = entries.map((entry) => (
    <a key={entry.entryId} href={pageHref(`/changelog/${entry.slug}`)}>
      {entry.title}
    </a>
  ));
  return (
    <p class="shipped-in">
      <span aria-hidden="true">✓</span>
      <span>{tx('post.shippedIn', { entries: listOf(links) })}</span>
    </p>
  );
}

/** Links as a list in the page's language ("A, B" in English, "A、B" in Japanese), links kept as links. */
function listOf(links: preact.JSX.Element[]): (string | preact.JSX.Element)[] {
  // Narrow: English keeps its plain commas; each language still brings its own separators.
  const format = new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' });
  let next = 0;
  return format.formatToParts(links.map((_, index) => String(index))).map((part) => (part.type === 'element' ? links[next++]! : part.value));
}
