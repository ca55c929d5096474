import { PERMISSION_GROUPS } from './roles-permissions.js';

/** What a role allows, read-only: the held permissions under their group, in plain words. */
export function PermissionSummary({ held }: { held: readonly string[] }) {
  const holding = new Set(held);
  const groups = PERMISSION_GROUPS.map((group) => ({
    name: group.name,
    permissions: group.permissions.filter((permission) => holding.has(permission.code)),
  })).filter((group) => group.permissions.length > 0);
  return (
    <div class="role-summary">
      <h2>Permissions</h2>
      {groups.length === 0 ? (
        <p>This role allows nothing on its own.</p>
      ) : (
        groups.map((group) => (
          <div key={group.name} class="role-summary__group">
            <h3>{group.name}</h3>
            <ul>
              {group.permissions.map((permission) => (
                <li key={permission.code}>
                  <span class="role-summary__label">{permission.label}</span>
                  <span class="role-summary__description">
                    {permission.description} <code>{permission.code}</code>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </div>
  );
}
