/** Boards: placeholder until the page is built. */
export function BoardsPage() {
  return (
    <section aria-labelledby="boards-title">
      <h1 id="boards-title">Boards</h1>
    </section>
  );
}
