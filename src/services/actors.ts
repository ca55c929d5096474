import type { Repositories, UserRow } from '../storage/types.js';
import type { Actor, ServiceContext } from './context.js';

/** Every permission string in canonical order (API.md §2.4); lists of permissions follow this order. */
/**
 * The id of the system actor of the operator's commands (src/admin/system-actor.ts): the nil UUID,
 * which no account can have (ids are UUID v4). Never stored as who acted.
 */
export const SYSTEM_USER_ID = '00000000-0000-0000-0000-000000000000';

export const PERMISSIONS = [
  'post:read',
  'post:create',
  'post:update',
  'post:destroy',
  'board:read',
  'board:create',
  'board:update',
  'board:destroy',
  'board:assign',
  'board:unassign',
  'vote:create',
  'vote:destroy',
  'vote:assign',
  'vote:unassign',
  'roadmap:read',
  'roadmap:create',
  'roadmap:update',
  'roadmap:destroy',
  'roadmap:assign',
  'roadmap:unassign',
  'dashboard:read',
  'role:read',
  'role:create',
  'role:update',
  'role:destroy',
  'role:assign',
  'role:unassign',
  'settings:read',
  'settings:update',
  'comment:create',
  'comment:create_internal',
  'comment:update:own',
  'comment:update:any',
  'comment:delete:own',
  'comment:delete:any',
  'comment:view_internal',
  // feedbackd's own (API.md §8.8): after LogChimp's 36, in the order they were added.
  'post:merge',
  'changelog:create',
  'changelog:update',
  'changelog:destroy',
  'tag:create',
  'tag:update',
  'tag:destroy',
  'tag:assign',
  'moderation:review',
] as const;

/** One of the permission strings: LogChimp's 36, then feedbackd's own. */
export type Permission = (typeof PERMISSIONS)[number];

type RoleRepos = Pick<Repositories, 'roles' | 'userRoles'>;

/** Effective permissions (API.md §2.5): all for the owner, else the union of the user's roles, canonical order. */
export async function effectivePermissions(repos: RoleRepos, user: UserRow): Promise<Permission[]> {
  if (user.isOwner) return [...PERMISSIONS];
  const assignments = await repos.userRoles.listByUser(user.id);
  if (assignments.length === 0) return [];
  const roles = await repos.roles.getMany(assignments.map((assignment) => assignment.roleId));
  const held = new Set<string>();
  for (const role of roles.values()) for (const permission of role.permissions) held.add(permission);
  return PERMISSIONS.filter((permission) => held.has(permission));
}

/** The actor for a user already loaded (a Set keeps the canonical order when iterated). */
export async function actorFor(repos: RoleRepos, user: UserRow): Promise<Actor> {
  return { user, permissions: new Set(await effectivePermissions(repos, user)) };
}

/** The actor for a user id (any hex case), or null when no such user exists. Blocked users are returned too. */
export async function loadActor(ctx: ServiceContext, userId: string): Promise<Actor | null> {
  const user = await ctx.storage.users.get(userId.toLowerCase());
  return user ? actorFor(ctx.storage, user) : null;
}
