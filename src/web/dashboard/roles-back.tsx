/** The way back from a role's page to the list of roles. */
export function RoleBackLink() {
  return (
    <a class="roles-back" href="/dashboard/roles">
      <span aria-hidden="true">←</span> All roles
    </a>
  );
}
