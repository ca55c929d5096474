import type { UserDeletion } from '../../services/user-admin-delete.js';
import type { UserListItem } from '../../services/user-views.js';
import type { CliIo } from '../io.js';
import { type Column, counted, printFields, printTable } from './output.js';

/** The text forms of users and of what the user commands did; --json prints the data itself. */

/** `owner, verified`, `blocked`, or `-`. */
function statusOf(user: UserListItem): string {
  // Verification is always said: an owner whose address was never confirmed must not read as fine.
  const flags = [user.isOwner && 'owner', user.isVerified ? 'verified' : 'unverified', user.isBlocked && 'blocked'].filter(Boolean);
  return flags.join(', ');
}

const USER_COLUMNS: ReadonlyArray<Column<UserListItem>> = [
  { title: 'ID', cell: (user) => user.userId },
  { title: 'EMAIL', cell: (user) => user.email },
  { title: 'NAME', cell: (user) => user.name || '-' },
  { title: 'STATUS', cell: statusOf },
  { title: 'POSTS', cell: (user) => String(user.posts), alignRight: true },
  { title: 'VOTES', cell: (user) => String(user.votes), alignRight: true },
  { title: 'CREATED', cell: (user) => user.createdAt },
];

/** Every user, one per line under a header. */
export function printUserTable(io: CliIo, users: readonly UserListItem[]): void {
  printTable(io, USER_COLUMNS, users, 'No users.');
}

/** One user, field by field. */
export function printUser(io: CliIo, user: UserListItem): void {
  const yesNo = (value: boolean) => (value ? 'yes' : 'no');
  printFields(io, [
    ['ID', user.userId],
    ['Email', user.email],
    ['Name', user.name || '-'],
    ['Username', user.username],
    ['Owner', yesNo(user.isOwner)],
    ['Verified', yesNo(user.isVerified)],
    ['Blocked', yesNo(user.isBlocked)],
    ['Roles', user.roles.map((role) => role.name).join(', ') || '-'],
    ['Posts', String(user.posts)],
    ['Votes', String(user.votes)],
    ['Notes', user.notes ?? '-'],
    ['Created', user.createdAt],
  ]);
}

/** One line saying what a deletion did. */
export function deletionLine(deletion: UserDeletion): string {
  const moved = [
    deletion.postsReassigned > 0 && counted(deletion.postsReassigned, 'post'),
    deletion.commentsReassigned > 0 && counted(deletion.commentsReassigned, 'comment'),
  ].filter(Boolean);
  const removed = [
    counted(deletion.votesDeleted, 'vote'),
    counted(deletion.roleAssignmentsDeleted, 'role assignment'),
    deletion.commentsDeleted > 0 && `${counted(deletion.commentsDeleted, 'comment')} (with replies)`,
  ].filter(Boolean);
  const movedText = moved.length > 0 ? ` ${moved.join(' and ')} now by ${deletion.reassignedTo};` : '';
  return `Deleted ${deletion.email} (${deletion.userId}):${movedText} removed ${removed.join(', ')}.`;
}
