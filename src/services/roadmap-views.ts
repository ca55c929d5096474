import type { RoadmapRow } from '../storage/types.js';

/** API.md §3.11 Roadmap, the one shape of every roadmap route. */
export interface RoadmapView {
  id: string;
  name: string;
  url: string;
  color: string;
  index: number;
  display: boolean;
  created_at: string;
  updated_at: string;
}

/** A roadmap row as the API shows it. */
export function toRoadmapView(roadmap: RoadmapRow): RoadmapView {
  return {
    id: roadmap.id,
    name: roadmap.name,
    url: roadmap.url,
    color: roadmap.color,
    index: roadmap.index,
    display: roadmap.display,
    created_at: roadmap.createdAt,
    updated_at: roadmap.updatedAt,
  };
}
