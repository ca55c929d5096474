/** Placeholder until the page is written. */
export function EmailVerifyPage() {
  return <h1>EmailVerifyPage</h1>;
}
