import { useEffect } from 'preact/hooks';
import { withBase } from './base.js';

/**
 * `<link rel="alternate" type="application/atom+xml">` in the head while a page with a feed is shown,
 * so feed readers and browser extensions find it; null adds none.
 */
export function useFeedLink(href: string | null, title: string): void {
  useEffect(() => {
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.href = withBase(href);
    link.title = title;
    document.head.append(link);
    return () => link.remove();
  }, [href, title]);
}
