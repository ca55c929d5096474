import type { RoleHolderChange } from '../../admin/role-operations.js';
import type { RoleDetail, SavedRole } from '../../services/role-views.js';
import type { CliIo, CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { quoted, requireSomeChange } from './content-fields.js';
import { counted, printJson, printLines } from './output.js';
import { printRole, printRoleTable } from './role-output.js';
import { runAdminOperation } from './run-operation.js';

/** The work of `feedbackd role …`: flags become the API's body fields; answers print as text or JSON. */

/** The flags of `role create` and `role update` (undefined = not given; `permissions` is false for --no-permissions). */
export interface RoleFlags extends AdminFlags {
  name?: string;
  description?: string;
  permission?: string[];
  permissions?: boolean;
}

/** `role list`. */
export async function listRolesCommand(flags: AdminFlags, run: CliRun): Promise<void> {
  const roles = (await runAdminOperation(flags, run, 'role.list')) as RoleDetail[];
  if (flags.json) printJson(run.io, roles);
  else printRoleTable(run.io, roles);
}

/** `role show <role>`. */
export async function showRoleCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const role = (await runAdminOperation(flags, run, 'role.show', { role: ref })) as RoleDetail;
  if (flags.json) printJson(run.io, role);
  else printRole(run.io, role);
}

/** `role create`. */
export async function createRoleCommand(flags: RoleFlags, run: CliRun): Promise<void> {
  const saved = (await runAdminOperation(flags, run, 'role.create', roleFields(flags))) as SavedRole;
  printRoleChange(run.io, flags, 'Created', saved);
}

/** `role update <role>`: refused before anything runs when nothing is given. */
export async function updateRoleCommand(ref: string, flags: RoleFlags, run: CliRun): Promise<void> {
  const fields = roleFields(flags);
  requireSomeChange(fields, '--name, --description, --permission or --no-permissions');
  const saved = (await runAdminOperation(flags, run, 'role.update', { role: ref, ...fields })) as SavedRole;
  printRoleChange(run.io, flags, 'Updated', saved);
}

/** `role assign|unassign <role> <user>`. */
export async function changeHolderCommand(
  change: 'assign' | 'unassign',
  role: string,
  user: string,
  flags: AdminFlags,
  run: CliRun,
): Promise<void> {
  const done = (await runAdminOperation(flags, run, `role.${change}`, { role, user })) as RoleHolderChange;
  if (flags.json) return printJson(run.io, done);
  const verb = change === 'assign' ? 'now has' : 'no longer has';
  printLines(run.io, `${done.user.email} ${verb} the role ${quoted(done.role.name)}.`);
}

/** The flags as `POST`/`PATCH /roles` body fields: --no-permissions is the empty set. */
function roleFields(flags: RoleFlags): Record<string, unknown> {
  const permissions = flags.permissions === false ? [] : flags.permission;
  return { name: flags.name, description: flags.description, permissions };
}

function printRoleChange(io: CliIo, flags: AdminFlags, done: string, saved: SavedRole): void {
  if (flags.json) {
    printJson(io, saved);
    return;
  }
  const { role, permissions } = saved;
  const held = permissions.length === 0 ? 'no permissions' : `${counted(permissions.length, 'permission')}: ${permissions.join(', ')}`;
  printLines(io, `${done} role ${quoted(role.name)} (${role.id}) with ${held}.`);
}
