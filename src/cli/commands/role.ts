import { type Command, Option } from 'commander';
import { PERMISSIONS } from '../../services/actors.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { act, actOn, actOnBoth, addCommandGroup, wrappedList } from '../admin/content-command.js';
import type { RoleFlags } from '../admin/role-actions.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/role-actions.js');

const ROLE_ARGUMENT = ['<role>', 'the role: its name (any case) or id'] as const;
const USER_ARGUMENT = ['<user>', 'the user: email address or user id'] as const;

/** The 36 permissions, for the help of create and update. */
const PERMISSIONS_HELP = `\nPermissions:\n${wrappedList(PERMISSIONS)}`;

type AddSubcommand = ReturnType<typeof addCommandGroup>;

/** `feedbackd role …`: roles, their permissions, and who holds them. */
export function addRoleCommand(program: Command, run: CliRun): void {
  const sub = addCommandGroup(program, 'role', 'list, show, create and update roles; give them to users or take them away');
  sub('list', 'list every role (aligned table, or --json with permissions)').action(
    act(run, async (flags: AdminFlags) => (await actions()).listRolesCommand(flags, run)),
  );
  sub('show', 'show one role with its permissions')
    .argument(...ROLE_ARGUMENT)
    .action(actOn(run, async (ref: string, flags: AdminFlags) => (await actions()).showRoleCommand(ref, flags, run)));
  addCreateAndUpdate(sub, run);
  for (const change of ['assign', 'unassign'] as const) {
    sub(change, change === 'assign' ? 'give a user a role' : 'take a role from a user')
      .argument(...ROLE_ARGUMENT)
      .argument(...USER_ARGUMENT)
      .action(
        actOnBoth(run, async (role: string, user: string, flags: AdminFlags) =>
          (await actions()).changeHolderCommand(change, role, user, flags, run),
        ),
      );
  }
}

function addCreateAndUpdate(sub: AddSubcommand, run: CliRun): void {
  const create = sub('create', 'create a role').requiredOption('--name <name>', 'its name (at most 30 characters, unique in any case)');
  addRoleFields(create).action(act(run, async (flags: RoleFlags) => (await actions()).createRoleCommand(flags, run)));
  const update = sub('update', 'change a role (not @everyone): only what is given changes')
    .argument(...ROLE_ARGUMENT)
    .option('--name <name>', 'a new name')
    .addHelpText('after', '\n--permission replaces the whole set: name every permission the role keeps.');
  addRoleFields(update)
    .addOption(new Option('--no-permissions', 'take every permission away').conflicts('permission'))
    .action(actOn(run, async (ref: string, flags: RoleFlags) => (await actions()).updateRoleCommand(ref, flags, run)));
}

/** The flags of create and update besides --name. */
function addRoleFields(command: Command): Command {
  return command
    .option('--description <text>', 'what the role is for (at most 50 characters; "" for none)')
    .option('--permission <permission...>', 'a permission it grants, e.g. post:update (repeat the flag, or list several)')
    .addHelpText('after', PERMISSIONS_HELP);
}
