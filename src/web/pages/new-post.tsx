/** Placeholder until the page is written. */
export function NewPostPage() {
  return <h1>NewPostPage</h1>;
}
