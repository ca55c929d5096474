/** Placeholder until the page is written. */
export function SignUpPage() {
  return <h1>SignUpPage</h1>;
}
