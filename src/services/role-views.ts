import type { RoleRow, UserRoleRow } from '../storage/types.js';
import { type Permission, PERMISSIONS } from './actors.js';

/** API.md §3.12. */
export interface RoleView {
  id: string;
  name: string;
  description: string | null;
  isSystem: boolean;
  created_at: string;
  updated_at: string;
}

/** API.md §3.12 RoleDetail: the role with its permissions in canonical order. */
export interface RoleDetail extends RoleView {
  permissions: Permission[];
}

/** The body of `POST`/`PATCH /roles`: the role next to (not inside) its permissions. */
export interface SavedRole {
  role: RoleView;
  permissions: Permission[];
}

/** The body of `PUT /roles/:role_id/users/:user_id` (API.md §4.9.5). */
export interface RoleAssignment {
  success: 1;
  id: string;
  isSystem: boolean;
  name: string;
  user_role_id: string;
}

/** A role row as the API shows it, keys in the order of §3.12. */
export function toRoleView(role: RoleRow): RoleView {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    isSystem: role.isSystem,
    created_at: role.createdAt,
    updated_at: role.updatedAt,
  };
}

/** `GET /roles/:role_id`. */
export function toRoleDetail(role: RoleRow): RoleDetail {
  return { ...toRoleView(role), permissions: canonicalPermissions(role) };
}

/** `POST`/`PATCH /roles`. */
export function toSavedRole(role: RoleRow): SavedRole {
  return { role: toRoleView(role), permissions: canonicalPermissions(role) };
}

/** The role's permissions in canonical order: rows written outside the API (CLI, tests) may hold another order. */
function canonicalPermissions(role: RoleRow): Permission[] {
  const held = new Set(role.permissions);
  return PERMISSIONS.filter((permission) => held.has(permission));
}

/** `PUT /roles/:role_id/users/:user_id`. */
export function toRoleAssignment(role: RoleRow, assignment: UserRoleRow): RoleAssignment {
  return { success: 1, id: role.id, isSystem: role.isSystem, name: role.name, user_role_id: assignment.id };
}
