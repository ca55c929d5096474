import { useLayoutEffect, useRef } from 'preact/hooks';
import { useWaitingCount } from './moderation.js';
import { type Section, sectionUrl } from './sections.js';

/** The dashboard's own navigation: a column beside the page, a row above it on a phone (dashboard.css). */
export function DashboardNav({ sections, current }: { sections: Section[]; current: Section | undefined }) {
  const list = useRef<HTMLUListElement>(null);
  // Issue 31: how many posts and comments wait, beside Moderation (for those who may review them).
  const waiting = useWaitingCount(sections.some((section) => section.path === 'moderation'));
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
              {section.path === 'moderation' && waiting ? (
                <>
                  <span class="dashboard__badge" aria-hidden="true">
                    {waiting}
                  </span>
                  <span class="visually-hidden"> ({waiting} waiting)</span>
                </>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
