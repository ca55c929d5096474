import { useLocation } from 'preact-iso/router';
import { createRole } from '../api/dashboard-roles.js';
import { can, useSession } from '../session.js';
import { RoleBackLink } from './roles-back.js';
import { draftOf, RoleForm } from './roles-form.js';
import { announceCreated } from './roles-list.js';

const EMPTY = { name: '', description: '', permissions: [] };

/** /dashboard/roles/new: a custom role, then back to the list that names it. */
export function NewRolePage() {
  const session = useSession();
  const location = useLocation();
  const save = async (input: Parameters<typeof createRole>[0]) => {
    const role = await createRole(input);
    announceCreated(role.name);
    location.route('/dashboard/roles');
    return draftOf(role);
  };
  return (
    <section aria-labelledby="role-title">
      <RoleBackLink />
      <h1 id="role-title">New role</h1>
      {can(session, 'role:create') ? (
        <RoleForm
          initial={EMPTY}
          titleId="role-title"
          submitLabel="Create role"
          nameHint="Up to 30 characters. Left empty, the role is called “new role”."
          save={save}
        />
      ) : (
        <p class="dashboard-message">Your roles do not let you create roles. The board’s owner can give you one that does.</p>
      )}
    </section>
  );
}
