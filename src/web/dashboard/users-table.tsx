import type { UserListItem } from '../api/dashboard-users.js';
import { TableWrap } from './table-wrap.js';
import { type UserAction, UserRow } from './users-row.js';

interface UsersTableProps {
  users: UserListItem[];
  mayChangeRoles: boolean;
  /** Whether the session may mark users trusted. */
  mayTrust: boolean;
  /** A newer list is on its way. */
  busy: boolean;
  onAction: (action: UserAction, user: UserListItem, trigger: HTMLButtonElement | null) => void;
}

/** The users of one page; on a phone the table scrolls sideways inside its focusable wrap. */
export function UsersTable({ users, mayChangeRoles, mayTrust, busy, onAction }: UsersTableProps) {
  return (
    <TableWrap label="User list" busy={busy} extraClass="users-table-wrap">
      <table class="dashboard-table users-table">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Email</th>
            <th scope="col" class="dashboard-table__number">
              Posts
            </th>
            <th scope="col" class="dashboard-table__number">
              Votes
            </th>
            <th scope="col">Roles</th>
            <th scope="col">Joined</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.userId} user={user} mayChangeRoles={mayChangeRoles} mayTrust={mayTrust} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
