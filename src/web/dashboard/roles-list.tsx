import { useEffect, useState } from 'preact/hooks';
import { getRole, listAllRoles, type RoleDetail } from '../api/dashboard-roles.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { formatNumber } from '../format.js';
import { can, useSession } from '../session.js';
import { useLoad } from '../use-load.js';
import { TableWrap } from './table-wrap.js';

/** The name of the role just created, said once on the list it returns to. */
let justCreated: string | null = null;

/** Called by "New role" before it returns to the list. */
export function announceCreated(name: string): void {
  justCreated = name;
}

/** The list gives no permissions (API.md §4.9.1): each role's own page does. */
async function loadRoles(): Promise<RoleDetail[]> {
  const roles = await listAllRoles();
  return Promise.all(roles.map((role) => getRole(role.id)));
}

/** Roles: every role with its description and how many permissions it holds; the way to create one. */
export function RoleList() {
  const session = useSession();
  const roles = useLoad(loadRoles, []);
  return (
    <section aria-labelledby="roles-title">
      <h1 id="roles-title">Roles</h1>
      <div class="dashboard-toolbar roles-toolbar">
        <p class="roles-intro">A role is a set of permissions. Every user holds @everyone; give other roles to people on the Users page.</p>
        {can(session, 'role:create') && (
          <a class="button button--primary" href="/dashboard/roles/new">
            Create role
          </a>
        )}
      </div>
      <CreatedNotice />
      {roles.error ? (
        <ErrorNotice error={roles.error} onRetry={roles.reload} />
      ) : roles.data ? (
        <RoleTable roles={roles.data} />
      ) : (
        <Skeleton rows={3} label="Loading the roles" />
      )}
    </section>
  );
}

/** "Role “Support” created.", filled in after the first render so screen readers announce it. */
function CreatedNotice() {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    setName(justCreated);
    justCreated = null;
  }, []);
  return (
    <p role="status" class={name ? 'notice notice--success' : 'roles-status'}>
      {name ? `Role “${name}” created.` : ''}
    </p>
  );
}

/** Name and count first: on a phone they stay in view while the description scrolls. */
function RoleTable({ roles }: { roles: RoleDetail[] }) {
  return (
    <TableWrap label="List of roles">
      <table class="dashboard-table roles-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" class="dashboard-table__number">
              Permissions
            </th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => (
            <tr key={role.id}>
              <th scope="row">
                <a href={`/dashboard/roles/${role.id}`}>{role.name}</a>
                {role.isSystem && <span class="roles-badge">System role</span>}
              </th>
              <td class="dashboard-table__number">{formatNumber(role.permissions.length)}</td>
              <td class="roles-table__description">{role.description ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
