/** Placeholder until the page is written. */
export function ProfilePage() {
  return <h1>ProfilePage</h1>;
}
