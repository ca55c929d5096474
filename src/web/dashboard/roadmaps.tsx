import { deleteRoadmap, listAllRoadmaps } from '../api/dashboard-roadmaps.js';
import type { Roadmap } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { ConfirmDialog } from '../pages/post-confirm.js';
import { can, useSession } from '../session.js';
import { CatalogueToolbar, HiddenNote, useStoredList, useTask } from './catalogue-parts.js';
import { RoadmapForm } from './roadmaps-form.js';
import { type RoadmapActions, RoadmapsList } from './roadmaps-list.js';
import { useReorder } from './roadmaps-order.js';

/** Roadmaps: the statuses ideas move through, in the order the roadmap shows them; create, edit, reorder, delete. */
export function RoadmapsPage() {
  const session = useSession();
  const roadmaps = useStoredList(listAllRoadmaps);
  const { task, status, say, open, close, heading } = useTask<Roadmap>();
  const reorder = useReorder(roadmaps.items ?? [], roadmaps.refresh, say);
  const saved = async (roadmap: Roadmap) => {
    await roadmaps.refresh();
    close(task?.kind === 'new' ? `Roadmap ${roadmap.name} created.` : `Roadmap ${roadmap.name} saved.`);
  };
  const actions: RoadmapActions = {
    reorder: can(session, 'roadmap:update') ? reorder : undefined,
    edit: can(session, 'roadmap:update') ? (roadmap) => open({ kind: 'edit', item: roadmap }) : undefined,
    remove: can(session, 'roadmap:destroy') ? (roadmap) => open({ kind: 'delete', item: roadmap }) : undefined,
  };
  const canCreate = can(session, 'roadmap:create');
  return (
    <section aria-labelledby="roadmaps-title" class="catalogue">
      <h1 id="roadmaps-title" ref={heading} tabIndex={-1}>
        Roadmaps
      </h1>
      <p class="catalogue-intro">
        Each roadmap is a status an idea can have, such as Planned or Done. The roadmap page shows them as columns, in this order
        {actions.reorder ? ': drag a row, or use its arrows, to move it' : ''}.
      </p>
      <CatalogueToolbar newLabel={canCreate ? 'New roadmap' : null} status={status} onNew={() => open({ kind: 'new' })} />
      {(task?.kind === 'new' || task?.kind === 'edit') && (
        // Keyed so that switching from one roadmap to another starts a fresh form.
        <RoadmapForm key={task.kind === 'edit' ? task.item.id : 'new'} roadmap={task.kind === 'edit' ? task.item : null} onSaved={saved} onCancel={() => close()} />
      )}
      {reorder.problem !== null && <ErrorNotice error={reorder.problem} />}
      {roadmaps.error !== null && <ErrorNotice error={roadmaps.error} onRetry={() => void roadmaps.refresh()} />}
      {roadmaps.items ? (
        roadmaps.items.length === 0 ? (
          <p class="catalogue-empty">No roadmaps yet.{canCreate ? ' Create one for each status an idea can have, such as Planned or Done.' : ''}</p>
        ) : (
          <RoadmapsList roadmaps={roadmaps.items} actions={actions} />
        )
      ) : (
        roadmaps.error === null && <Skeleton rows={3} label="Loading the roadmaps" />
      )}
      {!can(session, 'roadmap:read') && <HiddenNote>Hidden roadmaps are not listed here: seeing them takes a role with roadmap:read.</HiddenNote>}
      {task?.kind === 'delete' && (
        <ConfirmDialog
          question={`Delete roadmap ${task.item.name}? The ideas on it stay, with no status.`}
          confirmLabel="Delete roadmap"
          pendingLabel="Deleting…"
          onConfirm={async () => {
            await deleteRoadmap(task.item.id);
            await roadmaps.refresh();
          }}
          onDone={() => close(`Roadmap ${task.item.name} deleted.`)}
          onCancel={() => close()}
        />
      )}
    </section>
  );
}
