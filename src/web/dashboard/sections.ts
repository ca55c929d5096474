import { SECTION_PERMISSIONS, type SectionPath } from '../dashboard-access.js';
import { can, type Session } from '../session.js';

/** One part of the dashboard: where it lives, its name in the navigation, and who may open it. */
export interface Section {
  /** Under `/dashboard`; '' is the overview. */
  path: SectionPath;
  label: string;
  /** Shown when the session holds any of these (API.md §2.4); the API stays the authority. */
  anyOf: readonly string[];
}

const LABELS: Record<SectionPath, string> = {
  '': 'Overview',
  posts: 'Posts',
  boards: 'Boards',
  roadmaps: 'Roadmaps',
  users: 'Users',
  roles: 'Roles',
  settings: 'Settings',
  account: 'Your account',
};

/** The sections, in navigation order (DESIGN.md: Overview, Posts, Boards, Roadmaps, Users, Roles, Settings). */
export const SECTIONS: readonly Section[] = (Object.keys(SECTION_PERMISSIONS) as SectionPath[]).map((path) => ({
  path,
  label: LABELS[path],
  anyOf: SECTION_PERMISSIONS[path],
}));

/** The sections this session may open. */
export function sectionsFor(session: Session): Section[] {
  const opened = SECTIONS.filter((section) => section.anyOf.some((permission) => can(session, permission)));
  // A section that needs nothing (the account) comes with any other.
  return opened.length === 0 ? [] : SECTIONS.filter((section) => section.anyOf.length === 0 || opened.includes(section));
}

/** The URL of a section. */
export function sectionUrl(section: Section): string {
  return section.path ? `/dashboard/${section.path}` : '/dashboard';
}
