import { SECTION_PERMISSIONS, type SectionPath } from '../dashboard-access.js';
import { can, type Session } from '../session.js';
import { CANONICAL_ORDER } from './roles-permissions.js';

/**
 * A path under /dashboard: the public site's sections, and Webhooks, which only the dashboard knows
 * of (the owner opens other sections, so the board's first load need not carry it).
 */
export type DashboardPath = SectionPath | 'webhooks';

/** One part of the dashboard: where it lives, its name in the navigation, and who may open it. */
export interface Section {
  /** Under `/dashboard`; '' is the overview. */
  path: DashboardPath;
  label: string;
  /** Shown when the session holds any of these (API.md §2.4); the API stays the authority. */
  anyOf: readonly string[];
  /** And all of these, when given. */
  allOf?: readonly string[];
}

const LABELS: Record<DashboardPath, string> = {
  '': 'Overview',
  posts: 'Posts',
  changelog: 'Changelog',
  boards: 'Boards',
  tags: 'Tags',
  roadmaps: 'Roadmaps',
  users: 'Users',
  roles: 'Roles',
  settings: 'Settings',
  moderation: 'Moderation',
  webhooks: 'Webhooks',
  account: 'Your account',
};

/**
 * Webhooks are the owner's alone (the API refuses anyone else). A session does not say who owns the
 * site, but the owner holds every permission: a member whose roles open only some sections never sees it.
 */
const WEBHOOKS: Section = { path: 'webhooks', label: LABELS.webhooks, anyOf: CANONICAL_ORDER, allOf: CANONICAL_ORDER };

/** The sections, in navigation order (DESIGN.md: Overview, Posts, then Changelog, Boards, Tags, Roadmaps, Users, Roles, Settings), then Webhooks. */
export const SECTIONS: readonly Section[] = (Object.keys(SECTION_PERMISSIONS) as SectionPath[]).flatMap((path) => {
  const section: Section = { path, label: LABELS[path], anyOf: SECTION_PERMISSIONS[path] };
  return path === 'settings' ? [section, WEBHOOKS] : [section];
});

/**
 * Whether the session holds every permission, as the owner does: what only the owner may do
 * (webhooks, single sign-on secrets) is shown then. The API stays the authority.
 */
export function holdsEveryPermission(session: Session): boolean {
  return CANONICAL_ORDER.every((permission) => can(session, permission));
}

/** The sections this session may open. */
export function sectionsFor(session: Session): Section[] {
  const opened = SECTIONS.filter(
    (section) => section.anyOf.some((permission) => can(session, permission)) && (section.allOf ?? []).every((permission) => can(session, permission)),
  );
  // A section that needs nothing (the account) comes with any other.
  return opened.length === 0 ? [] : SECTIONS.filter((section) => section.anyOf.length === 0 || opened.includes(section));
}

/** The URL of a section. */
export function sectionUrl(section: Section): string {
  return section.path ? `/dashboard/${section.path}` : '/dashboard';
}
