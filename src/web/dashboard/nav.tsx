import { type Section, sectionUrl } from './sections.js';

/** The dashboard's own navigation: a column beside the page, a row above it on a phone (dashboard.css). */
export function DashboardNav({ sections, current }: { sections: Section[]; current: Section | undefined }) {
  return (
    <nav class="dashboard__nav" aria-label="Dashboard">
      <ul>
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
