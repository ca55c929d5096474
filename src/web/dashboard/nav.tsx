import { useLayoutEffect, useRef } from 'preact/hooks';
import { type Section, sectionUrl } from './sections.js';

/** The dashboard's own navigation: a column beside the page, a row above it on a phone (dashboard.css). */
export function DashboardNav({ sections, current }: { sections: Section[]; current: Section | undefined }) {
  const list = useRef<HTMLUListElement>(null);
  // On a phone the row scrolls sideways: bring the current section into view, or it could be off-screen.
  useLayoutEffect(() => {
    const row = list.current;
    const link = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && link && row.scrollWidth > row.clientWidth) row.scrollLeft = link.offsetLeft - (row.clientWidth - link.offsetWidth) / 2;
  }, [current]);
  return (
    <nav class="dashboard__nav" aria-label="Dashboard">
      <ul ref={list}>
        {sections.map((section) => (
          <li key={section.path}>
            <a href={sectionUrl(section)} aria-current={section === current ? 'page' : undefined}>
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
