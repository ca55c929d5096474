/** Users: placeholder until the page is built. */
export function UsersPage() {
  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">Users</h1>
    </section>
  );
}
