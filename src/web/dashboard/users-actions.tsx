import { useRef } from 'preact/hooks';
import { setUserBlocked, type UserListItem } from '../api/dashboard-users.js';
import { ConfirmDialog } from '../pages/post-confirm.js';
import { UserRolesDialog } from './users-roles.js';
import { type UserAction, type UserChange, displayName } from './users-row.js';

/** A row action under way: what, on which user, and the "…" button focus returns to. */
export interface OpenUserAction {
  action: Exclude<UserAction, 'unblock'>;
  user: UserListItem;
  trigger: HTMLButtonElement | null;
}

interface UserActionDialogProps {
  open: OpenUserAction;
  /** The user as the API now stores them, and what to announce. */
  onChanged: (userId: string, change: UserChange, announcement: string) => void;
  /** The dialog closed; focus goes back to the row. */
  onClose: () => void;
}

/** The dialog of a row action: confirm a block, or change the user's roles. */
export function UserActionDialog({ open, onChanged, onClose }: UserActionDialogProps) {
  const { user } = open;
  if (open.action === 'roles') return <UserRolesDialog user={user} onChanged={(change) => onChanged(user.userId, change, '')} onClose={onClose} />;
  return <BlockDialog user={user} onChanged={onChanged} onClose={onClose} />;
}

/** "Block Ada?": Cancel has focus; the API's refusal is shown in the dialog. */
function BlockDialog({ user, onChanged, onClose }: Omit<UserActionDialogProps, 'open'> & { user: UserListItem }) {
  // The answer of onConfirm, read by onDone once the dialog has closed.
  const blocked = useRef<UserListItem | null>(null);
  return (
    <ConfirmDialog
      question={`Block ${displayName(user)}? They can no longer sign in or take part.`}
      confirmLabel="Block"
      pendingLabel="Blocking…"
      onConfirm={async () => {
        blocked.current = await setUserBlocked(user.userId, true);
      }}
      onDone={() => {
        const stored = blocked.current;
        if (stored) onChanged(user.userId, () => stored, `Blocked ${displayName(user)}.`);
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
