import type { RoleRow, SettingsRow } from './types.js';

/** Fixed id of the `@everyone` system role (API.md §2.6). */
export const EVERYONE_ROLE_ID = 'f6027b68-6c4f-4331-8354-41836f654980';

/**
 * Fixed id of the "Team" role every data store starts with (issue 27): fixed so that both engines
 * seed the same row, and so that a new database's seed can be told from rows someone wrote.
 */
export const TEAM_ROLE_ID = '49705713-5735-4a2e-96fd-601d49c31447';

/** The name of the seeded team role; an upgrade adds it only where no role has this name in any case. */
export const TEAM_ROLE_NAME = 'Team';

/**
 * What the team does: moderate and answer posts, statuses, comments (internal ones too), boards
 * and roadmaps, vote on someone's behalf and see who voted on boards that hide voters. Not the
 * settings and not roles: those stay with the owner. Reserved permissions no route checks
 * (`post:read`, `board:assign`…) are left out. Canonical order (API.md §2.4).
 */
export const TEAM_PERMISSIONS = [
  'post:create',
  'post:update',
  'post:destroy',
  'board:read',
  'board:create',
  'board:update',
  'board:destroy',
  'vote:create',
  'vote:destroy',
  'vote:assign',
  'vote:unassign',
  'roadmap:read',
  'roadmap:create',
  'roadmap:update',
  'roadmap:destroy',
  'roadmap:assign',
  'dashboard:read',
  'comment:create',
  'comment:create_internal',
  'comment:update:own',
  'comment:update:any',
  'comment:delete:own',
  'comment:delete:any',
  'comment:view_internal',
] as const;

/** Site settings of a new data store (API.md §3.13, §3.14). */
export const DEFAULT_SETTINGS: SettingsRow = {
  title: 'Feedback',
  description: null,
  logo: null,
  icon: null,
  accentColor: '484d7c',
  googleAnalyticsId: null,
  isPoweredBy: true,
  allowSignup: true,
  developerMode: false,
  labs: { comments: true, voteOnBehalf: false },
  gravatar: false,
  ssoLoginUrl: null,
  embedOrigins: [],
  moderation: 'off',
  requireFormToken: false,
  locale: 'en',
  texts: {},
};

/** The system role every new data store starts with. */
export function everyoneRole(now: string): RoleRow {
  return {
    id: EVERYONE_ROLE_ID,
    name: '@everyone',
    description: 'All users',
    isSystem: true,
    permissions: ['post:create', 'vote:create', 'vote:destroy', 'comment:create', 'comment:update:own', 'comment:delete:own'],
    createdAt: now,
    updatedAt: now,
  };
}

/** The ready-made role for colleagues (issue 27): an ordinary role the owner may edit, assign or rename. */
export function teamRole(now: string): RoleRow {
  return {
    id: TEAM_ROLE_ID,
    name: TEAM_ROLE_NAME,
    description: 'Moderates posts, comments, boards and roadmaps',
    isSystem: false,
    permissions: [...TEAM_PERMISSIONS],
    createdAt: now,
    updatedAt: now,
  };
}

/** The roles every data store is seeded with, by their fixed ids. */
export const SEEDED_ROLE_IDS: ReadonlySet<string> = new Set([EVERYONE_ROLE_ID, TEAM_ROLE_ID]);

/** Whether a role name is the team role's, ignoring case as the rule of `roles.name` does. */
export function isTeamRoleName(name: string): boolean {
  return name.toLowerCase() === TEAM_ROLE_NAME.toLowerCase();
}
