import { useEffect } from 'preact/hooks';
import { listRoadmaps } from '../api/endpoints.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { setPageTitle } from '../site.js';
import { useLoad } from '../use-load.js';
import { RoadmapColumn } from './roadmap-column.js';

/** `/roadmap`: one column per displayed roadmap, in the team's order, each with its top posts. */
export function RoadmapPage() {
  const roadmaps = useLoad(listRoadmaps, []);
  useEffect(() => setPageTitle('Roadmap'), []);
  // Admins may read hidden roadmaps elsewhere; the public roadmap shows the displayed ones only.
  const shown = roadmaps.data?.filter((roadmap) => roadmap.display);
  return (
    <>
      <h1>Roadmap</h1>
      {roadmaps.error ? (
        <ErrorNotice error={roadmaps.error} onRetry={roadmaps.reload} />
      ) : shown === undefined ? (
        <Skeleton label="Loading the roadmap" />
      ) : shown.length === 0 ? (
        <p class="empty">The team has not published a roadmap yet.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the row scrolls sideways, so keyboard users must be able to focus it
        <section class="roadmap" aria-label="Roadmap columns" tabIndex={0}>
          {shown.map((roadmap) => (
            <RoadmapColumn key={roadmap.id} roadmap={roadmap} />
          ))}
        </section>
      )}
    </>
  );
}
