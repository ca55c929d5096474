import { useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { getRole, type RoleDetail, type RoleInput, updateRole } from '../api/dashboard-roles.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { can, useSession } from '../session.js';
import { useLoad } from '../use-load.js';
import { RoleBackLink } from './roles-back.js';
import { draftOf, RoleForm } from './roles-form.js';
import { PermissionSummary } from './roles-summary.js';

/** /dashboard/roles/<id>: one role, editable for those whose roles allow it, read-only otherwise. */
export function RoleDetailPage({ id }: { id: string }) {
  const loaded = useLoad(() => getRole(id), [id]);
  // After a save, the API's answer is the role (the heading follows a new name).
  const [stored, setStored] = useState<RoleDetail | null>(null);
  const role = stored ?? loaded.data;
  return (
    <section aria-labelledby="role-title">
      <RoleBackLink />
      <h1 id="role-title">{role?.name ?? 'Role'}</h1>
      {loaded.error ? (
        // A missing role or a bad address does not get better with a retry.
        <ErrorNotice error={loaded.error} onRetry={isRefusal(loaded.error) ? undefined : loaded.reload} />
      ) : role ? (
        <RoleBody role={role} onSaved={setStored} />
      ) : (
        <Skeleton rows={4} label="Loading the role" />
      )}
    </section>
  );
}

function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function RoleBody({ role, onSaved }: { role: RoleDetail; onSaved: (role: RoleDetail) => void }) {
  const session = useSession();
  if (role.isSystem) return <SystemRole role={role} />;
  if (!can(session, 'role:update')) return <ReadOnlyRole role={role} />;
  const save = async (input: RoleInput) => {
    const updated = await updateRole(role.id, input);
    onSaved(updated);
    return draftOf(updated);
  };
  return <RoleForm initial={draftOf(role)} titleId="role-title" submitLabel="Save role" nameHint="Up to 30 characters; no two roles share a name." save={save} />;
}

/** @everyone: every user holds it and the API refuses to change it (CANNOT_UPDATE_SYSTEM_ROLE), so no form. */
function SystemRole({ role }: { role: RoleDetail }) {
  return (
    <>
      <p class="roles-lead">
        <span class="roles-badge">System role</span> {role.description}
      </p>
      <p class="dashboard-message">
        Every user holds @everyone from the moment they join. The API keeps this role fixed: its name and permissions cannot be changed,
        so there is nothing to save here. To let some people do more, give them another role.
      </p>
      <PermissionSummary held={role.permissions} />
    </>
  );
}

function ReadOnlyRole({ role }: { role: RoleDetail }) {
  return (
    <>
      {role.description && <p class="roles-lead">{role.description}</p>}
      <p class="dashboard-message">Your roles let you see this role, not change it.</p>
      <PermissionSummary held={role.permissions} />
    </>
  );
}
