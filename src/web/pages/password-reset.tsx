/** Placeholder until the page is written. */
export function PasswordResetPage() {
  return <h1>PasswordResetPage</h1>;
}
