import { appError, validationError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import { type RoadmapView, toRoadmapView } from '../services/roadmap-views.js';
import { createRoadmap, deleteRoadmap, swapRoadmaps, updateRoadmap } from '../services/roadmaps.js';
import { integerInRange } from '../services/validation/fields.js';
import { findRoadmapRef } from './content-refs.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { pickFields } from './pick-fields.js';
import { systemActor } from './system-actor.js';

/** The fields of `POST`/`PATCH /roadmaps` a command may send (API.md §4.7.4–5). */
const ROADMAP_FIELDS = ['name', 'url', 'color', 'display'] as const;

/** What `roadmap move` did: the roadmap, its positions (1 = first) before and after, and the new order. */
export interface RoadmapMove {
  roadmap: RoadmapView;
  from: number;
  to: number;
  roadmaps: RoadmapView[];
}

/**
 * `feedbackd roadmap …`: `roadmap` names a roadmap by url or id; the other arguments are the
 * API's body fields, checked by the same services as the `/roadmaps` routes.
 */
export const ROADMAP_OPERATIONS: OperationTable = {
  'roadmap.list': (ctx) => listEveryRoadmap(ctx),
  'roadmap.create': (ctx, args) => createRoadmap(ctx, systemActor(), pickFields(args, ROADMAP_FIELDS)),
  'roadmap.update': (ctx, args) => updateRoadmapByRef(ctx, args),
  'roadmap.delete': (ctx, args) => deleteRoadmapByRef(ctx, args),
  'roadmap.move': (ctx, args) => moveRoadmap(ctx, args),
};

/** Every roadmap, hidden ones included, by index. */
async function listEveryRoadmap(ctx: ServiceContext): Promise<RoadmapView[]> {
  return (await ctx.storage.roadmaps.list()).map(toRoadmapView);
}

async function updateRoadmapByRef(ctx: ServiceContext, args: OperationArgs): Promise<RoadmapView> {
  const roadmap = await findRoadmapRef(ctx.storage, args.roadmap);
  return updateRoadmap(ctx, systemActor(), { ...pickFields(args, ROADMAP_FIELDS), id: roadmap.id });
}

/** Deletes a roadmap (its posts stay, on no roadmap); answers with the roadmap as it was. */
async function deleteRoadmapByRef(ctx: ServiceContext, args: OperationArgs): Promise<RoadmapView> {
  const roadmap = await findRoadmapRef(ctx.storage, args.roadmap);
  await deleteRoadmap(ctx, systemActor(), { id: roadmap.id });
  return toRoadmapView(roadmap);
}

/**
 * Moves a roadmap to position `to` (1 = first) by swapping it with its neighbour one step at a
 * time through the API's own swap (`PATCH /roadmaps/sort`): the roadmaps in between shift by one,
 * and every index stays unique after each step, so the order is valid even if a step fails.
 */
async function moveRoadmap(ctx: ServiceContext, args: OperationArgs): Promise<RoadmapMove> {
  const moving = await findRoadmapRef(ctx.storage, args.roadmap);
  const order = (await ctx.storage.roadmaps.list()).map((roadmap) => roadmap.id);
  if (args.to === undefined || args.to === null) throw validationError('to', 'is required');
  const to = integerInRange(args.to, 'to', 1, order.length, 1) - 1;
  const from = order.indexOf(moving.id);
  if (from < 0) throw appError('ROADMAP_NOT_FOUND'); // deleted since the lookup
  for (let at = from; at !== to; ) {
    const next = at < to ? at + 1 : at - 1;
    await swapRoadmaps(ctx, systemActor(), { from: { id: moving.id }, to: { id: order[next] } });
    [order[at], order[next]] = [order[next]!, order[at]!];
    at = next;
  }
  const roadmaps = await listEveryRoadmap(ctx);
  const roadmap = roadmaps.find((candidate) => candidate.id === moving.id) ?? toRoadmapView(moving);
  return { roadmap, from: from + 1, to: to + 1, roadmaps };
}
