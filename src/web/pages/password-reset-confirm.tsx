/** Placeholder until the page is written. */
export function PasswordResetConfirmPage() {
  return <h1>PasswordResetConfirmPage</h1>;
}
