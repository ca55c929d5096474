/** Roles: placeholder until the page is built. */
export function RolesPage() {
  return (
    <section aria-labelledby="roles-title">
      <h1 id="roles-title">Roles</h1>
    </section>
  );
}
