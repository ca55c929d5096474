import { useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { type AssignedRole, assignRole, listRoleChoices, type RoleChoice, type UserListItem, unassignRole } from '../api/dashboard-users.js';
import { ErrorNotice, messageOf } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { can, useSession } from '../session.js';
import { useLoad } from '../use-load.js';
import { ModalDialog } from './modal-dialog.js';
import { displayName, type UserChange } from './users-row.js';

interface UserRolesDialogProps {
  user: UserListItem;
  /** How the user's row changes once the API has stored a role given or taken. */
  onChanged: (change: UserChange) => void;
  onClose: () => void;
}

/** Roles by name, as the list shows them (case ignored). */
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** A checkbox per role: ticking gives the user the role at once, unticking takes it away. */
export function UserRolesDialog({ user, onChanged, onClose }: UserRolesDialogProps) {
  const roles = useLoad(listRoleChoices, []);
  const [said, setSaid] = useState('');
  const changed = (role: RoleChoice, holding: boolean, words: string) => {
    onChanged((current) => ({ ...current, roles: withRole(current.roles, role, holding).sort(byName) }));
    if (words) setSaid(words);
  };
  return (
    <ModalDialog title={`Roles of ${displayName(user)}`} onClose={onClose}>
      <p class="users-roles-dialog__lead">A role gives its permissions to everyone who holds it. Changes apply at once.</p>
      {roles.error ? (
        <ErrorNotice error={roles.error} onRetry={roles.reload} />
      ) : roles.data ? (
        <fieldset class="users-roles-dialog__list">
          <legend class="visually-hidden">Roles of {displayName(user)}</legend>
          {[...roles.data].sort(byName).map((role) => (
            <RoleCheckbox key={role.id} role={role} user={user} onChanged={changed} />
          ))}
        </fieldset>
      ) : (
        <Skeleton rows={3} label="Loading the roles" />
      )}
      <p role="status" class="users-roles-dialog__said">
        {said}
      </p>
      <div class="form-actions">
        <button type="button" class="button" onClick={onClose}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}

interface RoleCheckboxProps {
  role: RoleChoice;
  user: UserListItem;
  onChanged: (role: RoleChoice, holding: boolean, words: string) => void;
}

/** The roles with `role` added or taken out. */
function withRole(roles: AssignedRole[], role: RoleChoice, holding: boolean): AssignedRole[] {
  const others = roles.filter((assigned) => assigned.id !== role.id);
  return holding ? [...others, { id: role.id, name: role.name, isSystem: role.isSystem }] : others;
}

function RoleCheckbox({ role, user, onChanged }: RoleCheckboxProps) {
  const session = useSession();
  // The box shows what was asked while the API answers, then what the API stores.
  const [asked, setAsked] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const held = user.roles.some((assigned) => assigned.id === role.id);
  const allowed = held ? can(session, 'role:unassign') : can(session, 'role:assign');
  const id = `user-role-${role.id}`;
  const toggle = async (give: boolean) => {
    setAsked(give);
    setRefusal(null);
    try {
      if (give) await assignRole(role.id, user.userId);
      else await unassignRole(role.id, user.userId);
      onChanged(role, give, give ? `${displayName(user)} now holds ${role.name}.` : `${displayName(user)} no longer holds ${role.name}.`);
    } catch (error) {
      setRefusal(messageOf(error));
      // Changed by someone else meanwhile: the box shows what the API says is stored.
      if (error instanceof ApiError && error.code === 'ROLE_ALREADY_ASSIGNED') onChanged(role, true, '');
      if (error instanceof ApiError && error.code === 'ROLE_NOT_ASSIGNED') onChanged(role, false, '');
    } finally {
      setAsked(null);
    }
  };
  const note = refusal ?? (allowed ? role.description : held ? 'Your roles do not allow taking it away.' : 'Your roles do not allow giving it.');
  return (
    <div class="dashboard-check users-roles-dialog__role">
      <input
        id={id}
        type="checkbox"
        checked={asked ?? held}
        // Not disabled while saving: a disabled checkbox would drop the keyboard's focus.
        disabled={!allowed}
        aria-busy={asked !== null}
        onChange={(event) => {
          if (asked === null) void toggle(event.currentTarget.checked);
          else event.currentTarget.checked = asked;
        }}
        aria-describedby={note ? `${id}-note` : undefined}
        aria-invalid={refusal ? true : undefined}
      />
      <label for={id}>{role.name}</label>
      {note && (
        <p id={`${id}-note`} class={`dashboard-check__description${refusal ? ' users-roles-dialog__refusal' : ''}`}>
          {note}
        </p>
      )}
    </div>
  );
}
