import type { RoadmapMove } from '../../admin/roadmap-operations.js';
import type { RoadmapView } from '../../services/roadmap-views.js';
import type { CliIo, CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { displayField, quoted, requireSomeChange, urlForCreate, withDerivedUrlHint } from './content-fields.js';
import { type Column, printJson, printLines, printTable } from './output.js';
import { runAdminOperation } from './run-operation.js';

/** The work of `feedbackd roadmap …`: flags become the API's body fields; answers print as text or JSON. */

/** The flags of `roadmap create` and `roadmap update` (undefined = not given). */
export interface RoadmapFlags extends AdminFlags {
  name?: string;
  url?: string;
  color?: string;
  display?: boolean;
  hidden?: boolean;
}

/** The flags of `roadmap move`. */
export interface MoveFlags extends AdminFlags {
  to: string;
}

/** Roadmaps are listed in order, so a row's position is its place in the list. */
const ROADMAP_COLUMNS: ReadonlyArray<Column<RoadmapView & { position: number }>> = [
  { title: 'POS', cell: (roadmap) => String(roadmap.position), alignRight: true },
  { title: 'ID', cell: (roadmap) => roadmap.id },
  { title: 'NAME', cell: (roadmap) => roadmap.name },
  { title: 'URL', cell: (roadmap) => roadmap.url },
  { title: 'COLOR', cell: (roadmap) => roadmap.color },
  { title: 'DISPLAY', cell: (roadmap) => (roadmap.display ? 'public' : 'hidden') },
];

/** `roadmap list`. */
export async function listRoadmapsCommand(flags: AdminFlags, run: CliRun): Promise<void> {
  const roadmaps = (await runAdminOperation(flags, run, 'roadmap.list')) as RoadmapView[];
  if (flags.json) printJson(run.io, roadmaps);
  else printTable(run.io, ROADMAP_COLUMNS, roadmaps.map((roadmap, index) => ({ ...roadmap, position: index + 1 })), 'No roadmaps.');
}

/** `roadmap create`. */
export async function createRoadmapCommand(flags: RoadmapFlags, run: CliRun): Promise<void> {
  const url = urlForCreate(flags);
  const create = () => runAdminOperation(flags, run, 'roadmap.create', { ...roadmapFields(flags), url });
  const roadmap = (await withDerivedUrlHint(flags, url, create)) as RoadmapView;
  printRoadmapChange(run.io, flags, 'Created', roadmap);
}

/** `roadmap update <roadmap>`: refused before anything runs when no field is given. */
export async function updateRoadmapCommand(ref: string, flags: RoadmapFlags, run: CliRun): Promise<void> {
  const fields = roadmapFields(flags);
  requireSomeChange(fields, '--name, --url, --color, --display or --hidden');
  const roadmap = (await runAdminOperation(flags, run, 'roadmap.update', { roadmap: ref, ...fields })) as RoadmapView;
  printRoadmapChange(run.io, flags, 'Updated', roadmap);
}

/** `roadmap delete <roadmap>`. */
export async function deleteRoadmapCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const roadmap = (await runAdminOperation(flags, run, 'roadmap.delete', { roadmap: ref })) as RoadmapView;
  if (flags.json) return printJson(run.io, roadmap);
  printLines(run.io, `Deleted roadmap ${roadmap.url} (${roadmap.id}); its posts are now on no roadmap.`);
}

/** `roadmap move <roadmap> --to <position>`. */
export async function moveRoadmapCommand(ref: string, flags: MoveFlags, run: CliRun): Promise<void> {
  const move = (await runAdminOperation(flags, run, 'roadmap.move', { roadmap: ref, to: flags.to })) as RoadmapMove;
  if (flags.json) return printJson(run.io, move);
  const { url } = move.roadmap;
  if (move.from === move.to) return printLines(run.io, `Roadmap ${url} is already at position ${move.to}.`);
  printLines(run.io, `Moved roadmap ${url} from position ${move.from} to ${move.to}.`);
}

/** The flags as `POST`/`PATCH /roadmaps` body fields; --display and --hidden are one field. */
function roadmapFields(flags: RoadmapFlags): Record<string, unknown> {
  return { name: flags.name, url: flags.url, color: flags.color, display: displayField(flags) };
}

function printRoadmapChange(io: CliIo, flags: AdminFlags, done: string, roadmap: RoadmapView): void {
  if (flags.json) {
    printJson(io, roadmap);
    return;
  }
  const display = roadmap.display ? 'public' : 'hidden';
  const name = quoted(roadmap.name);
  printLines(io, `${done} roadmap ${roadmap.url} (${roadmap.id}): ${name}, color ${roadmap.color}, ${display}, index ${roadmap.index}.`);
}
