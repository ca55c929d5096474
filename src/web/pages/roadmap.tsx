import { useEffect } from 'preact/hooks';
import { listRoadmaps } from '../api/endpoints.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { setPageTitle } from '../site.js';
import { useLoad } from '../use-load.js';
import { RoadmapColumn } from './roadmap-column.js';
import { t } from '../i18n/t.js';

/** `/roadmap`: one column per displayed roadmap, in the team's order, each with its top posts. */
export function RoadmapPage() {
  const roadmaps = useLoad(listRoadmaps, []);
  useEffect(() => setPageTitle(t('common.roadmap')), []);
  // Admins may read hidden roadmaps elsewhere; the public roadmap shows the displayed ones only.
  const shown = roadmaps.data?.filter((roadmap) => roadmap.display);
  return (
    <>
      <h1>{t('common.roadmap')}</h1>
      {roadmaps.error ? (
        <ErrorNotice error={roadmaps.error} onRetry={roadmaps.reload} />
      ) : shown === undefined ? (
        <Skeleton label={t('board.loadingRoadmap')} />
      ) : shown.length === 0 ? (
        <p class="empty">{t('board.roadmapEmpty')}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the row scrolls sideways, so keyboard users must be able to focus it
        <section class="roadmap" aria-label={t('board.roadmapColumns')} tabIndex={0}>
          {shown.map((roadmap) => (
            <RoadmapColumn key={roadmap.id} roadmap={roadmap} />
          ))}
        </section>
      )}
    </>
  );
}
