import { useState } from 'preact/hooks';
import type { Roadmap } from '../api/types.js';
import type { Reorder } from './roadmaps-order.js';

/** What a row's buttons do; a button is left out when the session may not use it. */
export interface RoadmapActions {
  reorder?: Reorder;
  edit?: (roadmap: Roadmap) => void;
  remove?: (roadmap: Roadmap) => void;
}

/** The roadmap being dragged, and the row it is over. */
interface Drag {
  id: string;
  over: string | null;
}

/**
 * The roadmaps in their stored order. Those who may reorder drag a row onto another's place, or
 * use its Move up / Move down buttons (the same moves, by keyboard).
 */
export function RoadmapsList({ roadmaps, actions }: { roadmaps: Roadmap[]; actions: RoadmapActions }) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const reorder = actions.reorder;
  const indexOf = (id: string) => roadmaps.findIndex((roadmap) => roadmap.id === id);
  const dropAt = (target: Roadmap) => {
    const dragged = drag && roadmaps[indexOf(drag.id)];
    setDrag(null);
    if (dragged && reorder) reorder.move(dragged, indexOf(target.id));
  };
  // The line shows where the dragged roadmap lands: above the row when it moves up, below when down.
  const dropSide = (roadmap: Roadmap, at: number) => {
    if (!drag || drag.over !== roadmap.id || drag.id === roadmap.id) return '';
    return indexOf(drag.id) > at ? ' roadmap-row--drop-above' : ' roadmap-row--drop-below';
  };
  return (
    <ol class="roadmap-order" aria-label="Roadmaps in order" aria-busy={reorder?.pending ?? false}>
      {roadmaps.map((roadmap, at) => (
        <li
          key={roadmap.id}
          class={`roadmap-row${drag?.id === roadmap.id ? ' roadmap-row--dragging' : ''}${dropSide(roadmap, at)}`}
          draggable={Boolean(reorder) && !reorder?.pending}
          onDragStart={(event) => {
            event.dataTransfer?.setData('text/plain', roadmap.name);
            if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
            setDrag({ id: roadmap.id, over: null });
          }}
          onDragOver={(event) => {
            if (!drag) return;
            event.preventDefault();
            if (drag.over !== roadmap.id) setDrag({ ...drag, over: roadmap.id });
          }}
          onDrop={(event) => {
            event.preventDefault();
            dropAt(roadmap);
          }}
          onDragEnd={() => setDrag(null)}
        >
          {reorder && <Grip />}
          <span class="roadmap-row__position" aria-hidden="true">
            {at + 1}
          </span>
          <span class="roadmap-row__main">
            <span class="roadmap-row__name">
              <span class="dot" style={{ background: `#${roadmap.color}` }} aria-hidden="true" />
              {roadmap.name}
            </span>
            <span class="roadmap-row__meta">
              <span class="roadmap-row__url">{roadmap.url}</span> · {roadmap.display ? 'Shown' : <span class="catalogue-hidden">Hidden</span>}
            </span>
          </span>
          <RowButtons roadmap={roadmap} at={at} last={at === roadmaps.length - 1} actions={actions} />
        </li>
      ))}
    </ol>
  );
}

function RowButtons({ roadmap, at, last, actions }: { roadmap: Roadmap; at: number; last: boolean; actions: RoadmapActions }) {
  const { reorder, edit, remove } = actions;
  if (!reorder && !edit && !remove) return null;
  return (
    <span class="roadmap-row__actions">
      {reorder && <MoveButton roadmap={roadmap} direction="up" to={at - 1} unavailable={at === 0} reorder={reorder} />}
      {reorder && <MoveButton roadmap={roadmap} direction="down" to={at + 1} unavailable={last} reorder={reorder} />}
      {edit && (
        <button type="button" class="button" aria-label={`Edit roadmap ${roadmap.name}`} onClick={() => edit(roadmap)}>
          Edit
        </button>
      )}
      {remove && (
        <button type="button" class="button button--danger" aria-label={`Delete roadmap ${roadmap.name}`} onClick={() => remove(roadmap)}>
          Delete
        </button>
      )}
    </span>
  );
}

interface MoveButtonProps {
  roadmap: Roadmap;
  direction: 'up' | 'down';
  to: number;
  /** First row's "up", last row's "down": still focusable, so focus stays on it after a move to the end. */
  unavailable: boolean;
  reorder: Reorder;
}

function MoveButton({ roadmap, direction, to, unavailable, reorder }: MoveButtonProps) {
  const id = `roadmap-${roadmap.id}-${direction}`;
  const name = `Move ${roadmap.name} ${direction}`;
  return (
    <button
      id={id}
      type="button"
      class={`button roadmap-row__move roadmap-row__move--${direction}`}
      aria-label={name}
      title={name}
      aria-disabled={unavailable || reorder.pending}
      onClick={() => {
        if (!unavailable) reorder.move(roadmap, to);
      }}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d={direction === 'up' ? 'M8 2 14 8h-4v6H6V8H2z' : 'M8 14 2 8h4V2h4v6h4z'} fill="currentColor" />
      </svg>
    </button>
  );
}

/** The dotted handle that says "this row can be dragged". */
function Grip() {
  return (
    <svg class="roadmap-row__grip" viewBox="0 0 10 16" aria-hidden="true" focusable="false">
      {[3, 8, 13].map((y) => [2.5, 7.5].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" fill="currentColor" />))}
    </svg>
  );
}
