import { Fragment } from 'preact';
import { useRef } from 'preact/hooks';
import type { UserListItem } from '../api/dashboard-users.js';
import { Avatar } from '../components/avatar.js';
import { formatNumber } from '../format.js';
import { ActionMenu, type MenuAction } from '../components/menu.js';

export type UserAction = 'roles' | 'block' | 'unblock' | 'trust' | 'untrust';

/** How a user changed: from the row as it is now to the row as the API stores it. */
export type UserChange = (user: UserListItem) => UserListItem;

interface UserRowProps {
  user: UserListItem;
  /** Whether the session may assign or unassign roles (the Roles dialog). */
  mayChangeRoles: boolean;
  /** Whether the session may mark users trusted (the owner, or `moderation:review`). */
  mayTrust: boolean;
  /** A row action chosen; `trigger` is the "…" button focus goes back to. */
  onAction: (action: UserAction, user: UserListItem, trigger: HTMLButtonElement | null) => void;
}

const joined = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The name people know a user by: their name, else their username. */
export const displayName = (user: Pick<UserListItem, 'name' | 'username'>) => user.name || user.username;

/** One user: who they are, their address, what they did, their roles, when they joined, and the actions. */
export function UserRow({ user, mayChangeRoles, mayTrust, onAction }: UserRowProps) {
  return (
    <tr class={user.isBlocked ? 'users-table__blocked' : undefined}>
      <th scope="row" class="users-table__who">
        <span class="users-table__person">
          <Avatar user={user} size={32} />
          <span class="users-table__names">
            <span class="users-table__name">{displayName(user)}</span>
            <span class="users-table__username">{breakableUsername(user.username)}</span>
          </span>
        </span>
        <span class="users-table__badges">
          {user.isOwner && <span class="users-badge">Owner</span>}
          {user.isTrusted && <span class="users-badge users-badge--trusted">Trusted</span>}
          {user.isBlocked && <span class="users-badge users-badge--blocked">Blocked</span>}
        </span>
      </th>
      <td class="users-table__email">
        <span class="users-table__address">{breakable(user.email)}</span>
        <span class={user.isVerified ? 'users-table__confirmed' : 'users-table__unconfirmed'}>{user.isVerified ? 'Confirmed' : 'Not confirmed'}</span>
      </td>
      <td class="dashboard-table__number">{formatNumber(user.posts)}</td>
      <td class="dashboard-table__number">{formatNumber(user.votes)}</td>
      <td>
        <RoleChips user={user} />
      </td>
      <td class="users-table__date">
        <time dateTime={user.createdAt}>{joined.format(new Date(user.createdAt))}</time>
      </td>
      <td class="users-table__actions">
        <RowMenu user={user} mayChangeRoles={mayChangeRoles} mayTrust={mayTrust} onAction={onAction} />
      </td>
    </tr>
  );
}

/** An email address that wraps after `@` and before dots, never inside a word. */
function breakable(email: string) {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1).split('.');
  return (
    <>
      {email.slice(0, at + 1)}
      {domain.map((part, index) => (
        <Fragment key={index}>
          <wbr />
          {index > 0 ? '.' : ''}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** A username (`<from the email>_<8 random>`, API.md §1.8) that may wrap before its random part. */
function breakableUsername(username: string) {
  const cut = username.lastIndexOf('_') + 1;
  return (
    <>
      {username.slice(0, cut)}
      <wbr />
      {username.slice(cut)}
    </>
  );
}

function RoleChips({ user }: { user: UserListItem }) {
  if (user.roles.length === 0) return <span class="muted">None</span>;
  return (
    <ul class="users-roles" aria-label={`Roles of ${displayName(user)}`}>
      {user.roles.map((role) => (
        <li key={role.id} class="users-role">
          {role.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * Whether the user answers for the team: the owner, or anyone holding a role beyond @everyone (the
 * only system role). Their posts and comments never wait for approval (the API's moderation rules),
 * so trusting them means nothing.
 */
export const isTeamMember = (user: Pick<UserListItem, 'isOwner' | 'roles'>) => user.isOwner || user.roles.some((role) => !role.isSystem);

function RowMenu({ user, mayChangeRoles, mayTrust, onAction }: UserRowProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const choose = (action: UserAction) => () => onAction(action, user, trigger.current);
  const actions: MenuAction[] = [];
  if (mayChangeRoles) actions.push({ label: 'Roles', onSelect: choose('roles') });
  // A trust given before they joined the team can still be taken back.
  if (mayTrust && user.isTrusted) actions.push({ label: 'Stop trusting', onSelect: choose('untrust') });
  else if (mayTrust && !isTeamMember(user)) actions.push({ label: 'Trust', onSelect: choose('trust') });
  if (user.isBlocked) actions.push({ label: 'Unblock', onSelect: choose('unblock') });
  // The owner cannot be blocked (the API refuses): the choice is not offered.
  else if (!user.isOwner) actions.push({ label: 'Block', onSelect: choose('block'), danger: true });
  if (actions.length === 0) return null;
  return <ActionMenu label={`Actions for ${displayName(user)}`} actions={actions} triggerRef={trigger} />;
}
