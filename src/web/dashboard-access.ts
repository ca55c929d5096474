import { can, type Session } from './session.js';

/** What each dashboard section needs (any one of its permissions, API.md §2.4), in navigation order. */
export const SECTION_PERMISSIONS = {
  '': ['dashboard:read'],
  posts: ['post:update', 'post:destroy', 'roadmap:assign'],
  // Issue 31: the approval queue, beside the posts it holds back.
  moderation: ['moderation:review'],
  // Issue 30's changelog: after Posts, since an entry ships posts. Deleting alone gives nothing to open.
  changelog: ['changelog:create', 'changelog:update'],
  boards: ['board:create', 'board:update', 'board:destroy'],
  // Issue 31's tags: after Boards and before Roadmaps, the other ways ideas are sorted.
  tags: ['tag:create', 'tag:update', 'tag:destroy'],
  roadmaps: ['roadmap:create', 'roadmap:update', 'roadmap:destroy'],
  // GET /users is the owner's alone; every session holds the permissions below only as the owner or through a role.
  users: ['role:assign', 'role:unassign'],
  roles: ['role:read'],
  settings: ['settings:update'],
  // Anyone who opens another section: their own name, email and password.
  account: [],
} as const satisfies Record<string, readonly string[]>;

/** The path under /dashboard of a section. */
export type SectionPath = keyof typeof SECTION_PERMISSIONS;

/** Whether the session opens any part of the dashboard (the header and profile link to it then). */
export function mayOpenDashboard(session: Session | null | undefined): boolean {
  return Object.values(SECTION_PERMISSIONS).some((permissions) => permissions.some((permission) => can(session, permission)));
}
