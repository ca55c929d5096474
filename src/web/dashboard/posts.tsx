/** Posts: placeholder until the page is built. */
export function PostsPage() {
  return (
    <section aria-labelledby="posts-title">
      <h1 id="posts-title">Posts</h1>
    </section>
  );
}
