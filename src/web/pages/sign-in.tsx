/** Placeholder until the page is written. */
export function SignInPage() {
  return <h1>SignInPage</h1>;
}
