import { randomUUID } from 'node:crypto';
import { appError } from '../errors.js';
import { type Repositories, type RoleRow, UniqueViolation, type UserRoleRow, type UserRow } from '../storage/types.js';
import type { Permission } from './actors.js';
import type { Actor, ServiceContext } from './context.js';
import { requirePermission } from './permissions.js';
import { type RoleAssignment, toRoleAssignment } from './role-views.js';
import { findRole } from './roles.js';
import { lookupKey } from './validation/fields.js';

/*
 * Effective permissions are computed from the assignments on every request (services/actors.ts),
 * so an assignment written here counts from the user's next request on; nothing is cached.
 */

/** The path parameters of the assignment routes, as sent. */
export interface RoleAssignmentTarget {
  roleId: string;
  userId: string;
}

/** API.md §4.9.5: gives a user a role (409 ROLE_ALREADY_ASSIGNED when they hold it). */
export function assignRole(ctx: ServiceContext, actor: Actor, target: RoleAssignmentTarget): Promise<RoleAssignment> {
  return ctx.storage.transaction(async (tx) => {
    const { role, user } = await assignmentTarget(tx, actor, target, 'role:assign');
    const assignment = await insertAssignment(tx, user.id, role.id);
    return toRoleAssignment(role, assignment);
  });
}

/** API.md §4.9.6: takes a role from a user (404 ROLE_NOT_ASSIGNED when they do not hold it); `@everyone` too. */
export function unassignRole(ctx: ServiceContext, actor: Actor, target: RoleAssignmentTarget): Promise<void> {
  return ctx.storage.transaction(async (tx) => {
    const { role, user } = await assignmentTarget(tx, actor, target, 'role:unassign');
    const assignment = await tx.userRoles.getByUserAndRole(user.id, role.id);
    if (!assignment) throw appError('ROLE_NOT_ASSIGNED');
    await tx.userRoles.delete(assignment.id);
  });
}

/** Rows 1–5 of §4.9.5 in order: role id (400), role (404), user id (400), user (404), permission (403). */
async function assignmentTarget(
  tx: Repositories,
  actor: Actor,
  target: RoleAssignmentTarget,
  permission: Permission,
): Promise<{ role: RoleRow; user: UserRow }> {
  const role = await findRole(tx, target.roleId);
  const userId = lookupKey(target.userId);
  if (userId === undefined) throw appError('INVALID_USER_ID');
  const user = await tx.users.get(userId);
  if (!user) throw appError('USER_NOT_FOUND');
  requirePermission(actor, permission);
  return { role, user };
}

async function insertAssignment(tx: Repositories, userId: string, roleId: string): Promise<UserRoleRow> {
  try {
    return await tx.userRoles.insert({ id: randomUUID(), userId, roleId, createdAt: new Date().toISOString() });
  } catch (error) {
    // The storage's one-assignment-per-pair rule decides, so two concurrent assigns cannot both pass.
    if (error instanceof UniqueViolation && error.constraint === 'userRoles.userRole') throw appError('ROLE_ALREADY_ASSIGNED');
    throw error;
  }
}
