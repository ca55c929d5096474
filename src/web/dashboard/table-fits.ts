import type { RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

/**
 * Whether a wrap's table fits it. Only then may the wrap let content overflow: a wrap that
 * scrolls sideways would clip the "…" menus of the last rows.
 */
export function useTableFits(wrap: RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(false);
  useLayoutEffect(() => {
    const element = wrap.current;
    const table = element?.querySelector('table');
    if (!element || !table) return;
    const measure = () => setFits(table.offsetWidth <= element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, []);
  return fits;
}
