import type { RoleRow, SettingsRow } from './types.js';

/** Fixed id of the `@everyone` system role (API.md §2.6). */
export const EVERYONE_ROLE_ID = 'f6027b68-6c4f-4331-8354-41836f654980';

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
