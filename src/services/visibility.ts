import type { BoardRow, Repositories, RoadmapRow } from '../storage/types.js';
import type { Viewer } from './context.js';
import { can } from './permissions.js';

/** A board exists and the viewer may see it (API.md §2.7: hidden boards need `board:read`). */
export function isVisibleBoard(viewer: Viewer, board: BoardRow | undefined): board is BoardRow {
  return board !== undefined && (board.display || can(viewer, 'board:read'));
}

/** A roadmap exists and the viewer may see it (hidden roadmaps need `roadmap:read`). */
export function isVisibleRoadmap(viewer: Viewer, roadmap: RoadmapRow | undefined): roadmap is RoadmapRow {
  return roadmap !== undefined && (roadmap.display || can(viewer, 'roadmap:read'));
}

/** The roadmap id as the viewer may see it: a hidden (or missing) roadmap is no roadmap (API.md §2.7). */
export async function visibleRoadmapId(
  repos: Pick<Repositories, 'roadmaps'>,
  viewer: Viewer,
  roadmapId: string | null,
): Promise<string | null> {
  if (roadmapId === null) return null;
  return isVisibleRoadmap(viewer, await repos.roadmaps.get(roadmapId)) ? roadmapId : null;
}
