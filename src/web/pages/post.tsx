/** Placeholder until the page is written. */
export function PostPage() {
  return <h1>PostPage</h1>;
}
