import { useLocation } from 'preact-iso/router';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { listUsersPage, setUserTrusted, type UserListItem, type UsersPage as Page } from '../api/dashboard-users.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { can, useSession } from '../session.js';
import { type Loaded, useLoad } from '../use-load.js';
import { type OpenUserAction, UserActionDialog } from './users-actions.js';
import { readUsersView, USERS_PAGE_SIZE, type UsersView, usersUrl } from './users-filter.js';
import { UsersPager } from './users-pager.js';
import { useEditedRows } from './edited-rows.js';
import { displayName, type UserAction, type UserChange } from './users-row.js';
import { UsersSearch } from './users-search.js';
import { UsersTable } from './users-table.js';

/** Users: everyone with an account, to find, block or unblock, trust or not, and to give or take roles. */
export function UsersPage() {
  const location = useLocation();
  const view = readUsersView(location.query);
  const list = useLoad(() => listUsersPage(view.query, view.page, USERS_PAGE_SIZE), [usersUrl(view)]);
  return (
    <section aria-labelledby="users-title" class="users-page">
      <h1 id="users-title">Users</h1>
      {isOwnersOnly(list.error) ? (
        // Not a failure: the section opens for role:assign, but only the owner may list users (API.md §4.8.1).
        <p class="dashboard-message">Only the board's owner can see the list of users.</p>
      ) : list.data ? (
        <UsersBody list={list} page={list.data} view={view} show={(next, replace) => location.route(usersUrl(next), replace)} />
      ) : list.error ? (
        <ErrorNotice error={list.error} onRetry={list.reload} />
      ) : (
        <Skeleton rows={5} label="Loading the users" />
      )}
    </section>
  );
}

const isOwnersOnly = (error: unknown) => error instanceof ApiError && error.code === 'NOT_ENOUGH_PERMISSION';

interface UsersBodyProps {
  list: Loaded<Page>;
  page: Page;
  view: UsersView;
  /** A new view; `replace` keeps the history entry (a search being refined). */
  show: (view: UsersView, replace?: boolean) => void;
}

function UsersBody({ list, page, view, show }: UsersBodyProps) {
  const session = useSession();
  const rows = useRows(page);
  const [open, setOpen] = useState<OpenUserAction | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const focusLater = useFocusLater();

  // Read when a change is stored, not when its dialog was opened.
  const loading = useRef(list.loading);
  loading.current = list.loading;

  const changed = (userId: string, change: UserChange, words: string) => {
    rows.update(userId, change);
    if (words) setAnnouncement(words);
    // A list on its way may have been read before the change was stored: asking again drops that answer.
    if (loading.current) list.reload();
  };
  const close = () => {
    const trigger = open?.trigger ?? null;
    setOpen(null);
    focusLater(() => trigger);
  };
  const trust = async (user: UserListItem, isTrusted: boolean) => {
    setProblem(null);
    try {
      const stored = await setUserTrusted(user.userId, isTrusted);
      changed(user.userId, () => stored, isTrusted ? `Trusted ${displayName(user)}.` : `Stopped trusting ${displayName(user)}.`);
    } catch (error) {
      setProblem(error);
    }
  };
  const act = (action: UserAction, user: UserListItem, trigger: HTMLButtonElement | null) => {
    if (action === 'trust' || action === 'untrust') {
      // No dialog: the keyboard's focus stays on the row's "…" button (the menu item is gone).
      trigger?.focus();
      void trust(user, action === 'trust');
    } else setOpen({ action, user, trigger });
  };
  // The dialog follows the row: roles given in it show in both at once.
  const openUser = open && (rows.users.find((user) => user.userId === open.user.userId) ?? open.user);

  return (
    <>
      <UsersSearch query={view.query} onSearch={(query) => show({ query, page: 1 }, view.query !== '')} />
      <p role="status" class="users-announcement">
        {announcement}
      </p>
      {problem !== null && <ErrorNotice error={problem} />}
      {list.error !== null && <ErrorNotice error={list.error} onRetry={list.reload} />}
      {rows.users.length > 0 ? (
        <UsersTable
          users={rows.users}
          mayChangeRoles={can(session, 'role:assign') || can(session, 'role:unassign')}
          mayTrust={can(session, 'moderation:review')}
          busy={list.loading}
          onAction={act}
        />
      ) : (
        <Empty view={view} />
      )}
      <UsersPager page={view.page} shown={rows.users.length} total={page.total} onPage={(next) => show({ ...view, page: next })} />
      {open && openUser && <UserActionDialog open={{ ...open, user: openUser }} onChanged={changed} onClose={close} />}
    </>
  );
}

function Empty({ view }: { view: UsersView }) {
  if (view.page > 1) {
    return (
      <p class="users-empty">
        No users on this page. <a href={usersUrl({ ...view, page: 1 })}>Go to the first page</a>
      </p>
    );
  }
  return (
    <p class="users-empty">
      No users match “{view.query}”. <a href="/dashboard/users">Show all users</a>
    </p>
  );
}

/** The loaded page's users, with the changes made on them since. */
function useRows(page: Page) {
  const { rows, edit } = useEditedRows(page, (shown) => shown.users);
  return {
    users: rows,
    update: (userId: string, change: UserChange) => edit((users) => users.map((candidate) => (candidate.userId === userId ? change(candidate) : candidate))),
  };
}

/** Focus moved after the next render (once a dialog has closed and the page is no longer inert). */
function useFocusLater(): (find: () => HTMLElement | null) => void {
  const [target, setTarget] = useState<{ find: () => HTMLElement | null } | null>(null);
  useEffect(() => target?.find()?.focus(), [target]);
  return (find) => setTarget({ find });
}
