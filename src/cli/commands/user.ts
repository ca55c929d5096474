import type { Command } from 'commander';
import { type AdminFlags, addAdminOptions, withJsonErrors } from '../admin/admin-options.js';
import type { CreateFlags, DeleteFlags } from '../admin/user-actions.js';
import type { PasswordFlags } from '../admin/password-input.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/user-actions.js');

const USER_ARGUMENT = ['<user>', 'the user: email address or user id'] as const;

const AFTER_HELP =
  '\nWorks whether or not feedbackd serve is running: a running server does the work (through' +
  '\n<data>/control.sock); otherwise the command opens the data directory itself.' +
  '\n--data, --database and --log-level can also come from the environment, as for serve.';

/** `feedbackd user …`: the operator's account tasks. */
export function addUserCommand(program: Command, run: CliRun): void {
  const user = program.command('user').description('list, show, create and manage user accounts').addHelpText('after', AFTER_HELP);
  const sub = (name: string, description: string) => addAdminOptions(user.command(name).description(description));

  sub('list', 'list every user (aligned table, or --json)').action((flags: AdminFlags) =>
    withJsonErrors(run, flags, async () => (await actions()).listUsersCommand(flags, run)),
  );
  sub('show', 'show one user: status, roles, posts and votes')
    .argument(...USER_ARGUMENT)
    .action((ref: string, flags: AdminFlags) => withJsonErrors(run, flags, async () => (await actions()).showUserCommand(ref, flags, run)));
  addCreate(sub('create', 'create a user holding @everyone'), run);
  sub('set-password', "set a user's password; the access tokens they had stop working")
    .argument(...USER_ARGUMENT)
    .option('--password-file <path>', 'read the password from this file (one trailing newline is ignored)')
    .option('--password-stdin', 'read the password from standard input')
    .addHelpText('after', '\nWithout either flag, the password is asked for on a terminal (never taken from the command line).')
    .action((ref: string, flags: AdminFlags & PasswordFlags) =>
      withJsonErrors(run, flags, async () => (await actions()).setPasswordCommand(ref, flags, run)),
    );
  addFlagCommand(sub('block', 'block a user: no sign-in, every token refused (not the owner)'), 'block', run);
  addFlagCommand(sub('unblock', 'unblock a user'), 'unblock', run);
  addFlagCommand(sub('verify', "mark a user's email address as verified"), 'verify', run);
  sub('delete', 'delete a user with their votes, role assignments and mail tokens (not the owner)')
    .argument(...USER_ARGUMENT)
    .option('--reassign-to <user>', 'give their posts and comments to this user (required when they wrote posts)')
    .option('-y, --yes', 'do not ask for confirmation (needed when not run on a terminal)')
    .addHelpText('after', '\nWithout --reassign-to, their comments are deleted (replies included).')
    .action((ref: string, flags: DeleteFlags) => withJsonErrors(run, flags, async () => (await actions()).deleteUserCommand(ref, flags, run)));
  sub('make-owner', 'make a user the owner; the current owner becomes a regular user')
    .argument(...USER_ARGUMENT)
    .action((ref: string, flags: AdminFlags) => withJsonErrors(run, flags, async () => (await actions()).makeOwnerCommand(ref, flags, run)));
}

function addCreate(command: Command, run: CliRun): void {
  command
    .requiredOption('--email <address>', 'their email address (they sign in with it)')
    .requiredOption('--name <name>', 'their name ("" for none)')
    .option('--password-file <path>', 'read their password from this file (one trailing newline is ignored)')
    .option('--password-stdin', 'read their password from standard input')
    .option('--owner', 'make them the owner (only while the board has none)')
    .addHelpText('after', '\nWithout a password nobody can sign in as them until one is set (set-password, or a password reset).')
    .action((flags: CreateFlags) => withJsonErrors(run, flags, async () => (await actions()).createUserCommand(flags, run)));
}

function addFlagCommand(command: Command, op: 'block' | 'unblock' | 'verify', run: CliRun): void {
  command
    .argument(...USER_ARGUMENT)
    .action((ref: string, flags: AdminFlags) => withJsonErrors(run, flags, async () => (await actions()).flagUserCommand(op, ref, flags, run)));
}
