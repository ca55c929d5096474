// Dashboard › Roadmaps: every roadmap call the page makes (API.md §4.7), one typed function each.
import { api } from './client.js';
import type { PageInfo, Roadmap } from './types.js';

/** The most a page of roadmaps holds (API.md §1.9). */
const PAGE_SIZE = 100;

interface RoadmapPage {
  roadmaps: Roadmap[];
  page_info: PageInfo;
}

/**
 * Every roadmap the caller may see, in index order: hidden ones too for those holding roadmap:read
 * (API.md §4.7.1; the API answers public ones only to others, whatever they ask).
 */
export async function listAllRoadmaps(): Promise<Roadmap[]> {
  const roadmaps: Roadmap[] = [];
  let after: string | undefined;
  for (;;) {
    const query = { visibility: 'public,private', first: PAGE_SIZE, after };
    const page = await api<RoadmapPage>('GET', '/roadmaps', undefined, query);
    roadmaps.push(...page.roadmaps);
    after = page.page_info.end_cursor ?? undefined;
    if (!page.page_info.has_next_page || !after) return roadmaps;
  }
}

/** What a roadmap form sends: colour as 6 hex digits without `#` (API.md §1.8). */
export interface RoadmapInput {
  name: string;
  url: string;
  color: string;
  display: boolean;
}

export const createRoadmap = (input: RoadmapInput) => api<{ roadmap: Roadmap }>('POST', '/roadmaps', input).then((r) => r.roadmap);

export const updateRoadmap = (id: string, input: RoadmapInput) =>
  api<{ roadmap: Roadmap }>('PATCH', '/roadmaps', { id, ...input }).then((r) => r.roadmap);

/** Deletes the roadmap; its posts stay, with no roadmap (API.md §4.7.7). */
export const deleteRoadmap = (id: string) => api<void>('DELETE', '/roadmaps', { id });

/** The two roadmaps exchange their positions (API.md §4.7.6). */
export const swapRoadmaps = (fromId: string, toId: string) => api<void>('PATCH', '/roadmaps/sort', { from: { id: fromId }, to: { id: toId } });
