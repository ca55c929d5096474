import type { UserDeletion } from '../../services/user-admin-delete.js';
import type { IssuedToken, OwnerChange, UserChange } from '../../services/user-admin.js';
import type { UserListItem } from '../../services/user-views.js';
import type { CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { confirmIrreversible } from './confirm.js';
import { printJson, printLines } from './output.js';
import { type PasswordFlags, readAdminPassword, readRequiredPassword } from './password-input.js';
import { runAdminOperation } from './run-operation.js';
import { deletionLine, printUser, printUserTable } from './user-output.js';

/*
 * The work of `feedbackd user …` and `feedbackd token`: build the operation's arguments, run it
 * (through the server or directly), print the answer as text or, with --json, as JSON.
 */

export interface CreateFlags extends AdminFlags, PasswordFlags {
  email: string;
  name: string;
  owner?: boolean;
}

export interface DeleteFlags extends AdminFlags {
  reassignTo?: string;
  yes?: boolean;
}

/** `user list`. */
export async function listUsersCommand(flags: AdminFlags, run: CliRun): Promise<void> {
  const users = (await runAdminOperation(flags, run, 'user.list')) as UserListItem[];
  if (flags.json) printJson(run.io, users);
  else printUserTable(run.io, users);
}

/** `user show <user>`. */
export async function showUserCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const user = (await runAdminOperation(flags, run, 'user.show', { user: ref })) as UserListItem;
  if (flags.json) printJson(run.io, user);
  else printUser(run.io, user);
}

/** `user create`. */
export async function createUserCommand(flags: CreateFlags, run: CliRun): Promise<void> {
  const password = await readAdminPassword(flags, run.io);
  const args = { email: flags.email, name: flags.name, password, owner: flags.owner === true };
  const user = (await runAdminOperation(flags, run, 'user.create', args)) as UserListItem;
  if (flags.json) return printJson(run.io, user);
  printLines(run.io, `Created ${user.isOwner ? 'the owner' : 'user'} ${user.email} (${user.userId}).`);
  if (password === undefined) {
    printLines(run.io, `No password yet: set one with feedbackd user set-password ${user.email} --password-file <path>, or use a password reset.`);
  }
}

/** `user set-password <user>`. */
export async function setPasswordCommand(ref: string, flags: AdminFlags & PasswordFlags, run: CliRun): Promise<void> {
  const password = await readRequiredPassword(flags, run.io);
  const change = (await runAdminOperation(flags, run, 'user.setPassword', { user: ref, password })) as UserChange;
  if (flags.json) return printJson(run.io, change);
  printLines(run.io, `Password of ${change.user.email} changed; the access tokens they had no longer work.`);
}

/** `user block|unblock|verify <user>`: one flag of the user, set or cleared. */
export async function flagUserCommand(op: 'block' | 'unblock' | 'verify', ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const change = (await runAdminOperation(flags, run, `user.${op}`, { user: ref })) as UserChange;
  if (flags.json) return printJson(run.io, change);
  const { email } = change.user;
  const lines = {
    block: change.changed ? `${email} is blocked: they cannot sign in, and their tokens are refused.` : `${email} was already blocked.`,
    unblock: change.changed ? `${email} is unblocked.` : `${email} was not blocked.`,
    verify: change.changed ? `The email address ${email} is verified.` : `The email address ${email} was already verified.`,
  };
  printLines(run.io, lines[op]);
}

/** `user delete <user> [--reassign-to <user>]`. */
export async function deleteUserCommand(ref: string, flags: DeleteFlags, run: CliRun): Promise<void> {
  const comments = flags.reassignTo ? `their posts and comments go to ${flags.reassignTo}` : 'their comments are deleted';
  await confirmIrreversible(run, flags, `Delete the user ${ref}? Their votes go, ${comments}.`);
  const deletion = (await runAdminOperation(flags, run, 'user.delete', { user: ref, reassignTo: flags.reassignTo })) as UserDeletion;
  if (flags.json) return printJson(run.io, deletion);
  printLines(run.io, deletionLine(deletion));
}

/** `user make-owner <user>`. */
export async function makeOwnerCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const change = (await runAdminOperation(flags, run, 'user.makeOwner', { user: ref })) as OwnerChange;
  if (flags.json) return printJson(run.io, change);
  const { email } = change.user;
  if (!change.changed) return printLines(run.io, `${email} is already the owner.`);
  const before = change.previousOwner === null ? 'there was no owner before' : `instead of ${change.previousOwner}`;
  printLines(run.io, `${email} is now the owner (${before}).`);
}

/** `token <user>`: the token alone on one line, ready for `$(…)`. */
export async function tokenCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const issued = (await runAdminOperation(flags, run, 'token.create', { user: ref })) as IssuedToken;
  if (flags.json) return printJson(run.io, issued);
  printLines(run.io, issued.token);
}
