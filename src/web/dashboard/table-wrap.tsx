import type { ComponentChildren, RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';

interface TableWrapProps {
  /** The region's name: "User list". */
  label: string;
  /** A newer list is on its way. */
  busy?: boolean;
  /** For a caller that moves focus into the table (after a row is deleted). */
  wrapRef?: RefObject<HTMLElement | null>;
  /** The table's own class for the wrap (`posts-table-wrap`). */
  extraClass?: string;
  children: ComponentChildren;
}

/**
 * The frame of every dashboard table: it scrolls sideways on a phone and is then focusable, so
 * keyboard users can scroll it; when the table fits, content may hang out of it (the "…" menus
 * of the last rows would be clipped otherwise).
 */
export function TableWrap({ label, busy, wrapRef, extraClass, children }: TableWrapProps) {
  const own = useRef<HTMLElement>(null);
  const ref = wrapRef ?? own;
  const fits = useTableFits(ref);
  const classes = ['dashboard-table-wrap', extraClass, fits && 'dashboard-table-wrap--fits'].filter(Boolean).join(' ');
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
    <section ref={ref} class={classes} tabIndex={0} aria-label={label} aria-busy={busy}>
      {children}
    </section>
  );
}

/** Whether the wrap's table fits it, followed as either changes size. */
function useTableFits(wrap: RefObject<HTMLElement | null>): boolean {
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

/** A table's column headings, the last one (the row's buttons) named for screen readers only. */
export function ColumnHeads({ titles }: { titles: readonly string[] }) {
  return (
    <thead>
      <tr>
        {titles.map((title) => (
          <th key={title} scope="col">
            {title}
          </th>
        ))}
        <th scope="col">
          <span class="visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
  );
}
