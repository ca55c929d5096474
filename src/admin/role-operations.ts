import type { ServiceContext } from '../services/context.js';
import { assignRole, unassignRole } from '../services/role-assignments.js';
import { type RoleDetail, type RoleView, toRoleDetail, toRoleView } from '../services/role-views.js';
import { createRole, showRole, updateRole } from '../services/roles.js';
import { findUser } from '../services/user-admin-lookup.js';
import { findRoleRef } from './content-refs.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { pickFields } from './pick-fields.js';
import { systemActor } from './system-actor.js';

/** The fields of `POST`/`PATCH /roles` a command may send (API.md §4.9.3–4). */
const ROLE_FIELDS = ['name', 'description', 'permissions'] as const;

/** Who was given or lost which role. */
export interface RoleHolderChange {
  role: RoleView;
  user: { userId: string; email: string };
}

/**
 * `feedbackd role …`: `role` names a role by name (any case) or id, `user` a user by email or id;
 * the other arguments are the API's body fields, checked by the same services as `/roles`.
 */
export const ROLE_OPERATIONS: OperationTable = {
  'role.list': (ctx) => listEveryRole(ctx),
  'role.show': async (ctx, args) => showRole(ctx, systemActor(), (await findRoleRef(ctx.storage, args.role)).id),
  'role.create': (ctx, args) => createRole(ctx, systemActor(), pickFields(args, ROLE_FIELDS)),
  'role.update': async (ctx, args) => {
    const role = await findRoleRef(ctx.storage, args.role);
    return updateRole(ctx, systemActor(), { ...pickFields(args, ROLE_FIELDS), id: role.id });
  },
  'role.assign': (ctx, args) => changeHolder(ctx, args, 'assign'),
  'role.unassign': (ctx, args) => changeHolder(ctx, args, 'unassign'),
};

/** Every role with its permissions, oldest first (`@everyone` leads). */
async function listEveryRole(ctx: ServiceContext): Promise<RoleDetail[]> {
  return (await ctx.storage.roles.list()).map(toRoleDetail);
}

/** Gives a user a role, or takes it away, through the API's assignment services (409/404 when already so). */
async function changeHolder(ctx: ServiceContext, args: OperationArgs, change: 'assign' | 'unassign'): Promise<RoleHolderChange> {
  const role = await findRoleRef(ctx.storage, args.role);
  const user = await findUser(ctx.storage, args.user);
  const target = { roleId: role.id, userId: user.id };
  if (change === 'assign') await assignRole(ctx, systemActor(), target);
  else await unassignRole(ctx, systemActor(), target);
  return { role: toRoleView(role), user: { userId: user.id, email: user.email } };
}
