import type { RoadmapRef } from '../api/types.js';

/** A roadmap status: its colour as a small dot and its name. */
export function StatusChip({ roadmap }: { roadmap: RoadmapRef }) {
  return (
    <span class="chip">
      <span class="dot" style={{ background: `#${roadmap.color}` }} aria-hidden="true" />
      {roadmap.name}
    </span>
  );
}
