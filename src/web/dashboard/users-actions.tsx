import { useRef, useState } from 'preact/hooks';
import { setUserBlocked, type UserListItem } from '../api/dashboard-users.js';
import { ConfirmDialog } from '../pages/post-confirm.js';
import { UserRolesDialog } from './users-roles.js';
import { type UserAction, type UserChange, displayName } from './users-row.js';

/** A row action under way: what, on which user, and the "…" button focus returns to. */
export interface OpenUserAction {
  action: Exclude<UserAction, 'trust' | 'untrust'>;
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

/** The dialog of a row action: confirm a block or an unblock, or change the user's roles. */
export function UserActionDialog({ open, onChanged, onClose }: UserActionDialogProps) {
  const { user } = open;
  if (open.action === 'roles') return <UserRolesDialog user={user} onChanged={(change) => onChanged(user.userId, change, '')} onClose={onClose} />;
  return <BlockDialog user={user} block={open.action === 'block'} onChanged={onChanged} onClose={onClose} />;
}

/**
 * "Block Ada?" or "Unblock Ada?": Cancel has focus; the API's refusal is shown in the dialog. Blocking
 * may also hide everything they posted (issue 31 §2: marked spam, kept for review); unblocking may
 * show again what was hidden. The list does not say whether anything of theirs is hidden, so the
 * choice is always offered on unblocking, unticked.
 */
function BlockDialog({ user, block, onChanged, onClose }: Omit<UserActionDialogProps, 'open'> & { user: UserListItem; block: boolean }) {
  // The answer of onConfirm, read by onDone once the dialog has closed.
  const stored = useRef<UserListItem | null>(null);
  const [also, setAlso] = useState(false);
  const name = displayName(user);
  return (
    <ConfirmDialog
      question={block ? `Block ${name}? They can no longer sign in or take part.` : `Unblock ${name}? They can sign in and take part again.`}
      confirmLabel={block ? 'Block' : 'Unblock'}
      pendingLabel={block ? 'Blocking…' : 'Unblocking…'}
      danger={block}
      onConfirm={async () => {
        // hideContent: true hides all; false shows again what was hidden; absent leaves their posts as they are.
        stored.current = await setUserBlocked(user.userId, block, also ? block : undefined);
      }}
      onDone={() => {
        const answer = stored.current;
        if (answer) onChanged(user.userId, () => answer, announce(name, block, also));
        onClose();
      }}
      onCancel={onClose}
    >
      <label class="users-confirm__also">
        <input type="checkbox" checked={also} onChange={(event) => setAlso(event.currentTarget.checked)} />
        {block ? 'Also hide their ideas and comments' : 'Also show their hidden ideas and comments again'}
      </label>
    </ConfirmDialog>
  );
}

/** What the status line says once a block or an unblock is stored. */
function announce(name: string, block: boolean, also: boolean): string {
  if (block) return also ? `Blocked ${name} and hid their ideas and comments.` : `Blocked ${name}.`;
  return also ? `Unblocked ${name} and showed their ideas and comments again.` : `Unblocked ${name}.`;
}
