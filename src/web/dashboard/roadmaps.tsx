/** Roadmaps: placeholder until the page is built. */
export function RoadmapsPage() {
  return (
    <section aria-labelledby="roadmaps-title">
      <h1 id="roadmaps-title">Roadmaps</h1>
    </section>
  );
}
