import { can, type Session } from './session.js';

/** What each dashboard section needs (any one of its permissions, API.md §2.4), in navigation order. */
export const SECTION_PERMISSIONS = {
  '': ['dashboard:read'],
  settings: ['settings:update'],
} as const satisfies Record<string, readonly string[]>;

/** The path under /dashboard of a section. */
export type SectionPath = keyof typeof SECTION_PERMISSIONS;

/** Whether the session opens any part of the dashboard (the header and profile link to it then). */
export function mayOpenDashboard(session: Session | null | undefined): boolean {
  return Object.values(SECTION_PERMISSIONS).some((permissions) => permissions.some((permission) => can(session, permission)));
}
