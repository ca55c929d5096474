/** Placeholder until the page is written. */
export function RoadmapPage() {
  return <h1>RoadmapPage</h1>;
}
