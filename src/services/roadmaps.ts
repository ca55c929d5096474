import { randomUUID } from 'node:crypto';
import { appError } from '../errors.js';
import { type Repositories, type RoadmapRow, UniqueViolation } from '../storage/types.js';
import type { Actor, ServiceContext, Viewer } from './context.js';
import { type CursorPageMeta, cursorPageMeta, foundPage, pageRequest, parsePaging } from './pagination.js';
import { can, requirePermission } from './permissions.js';
import { parseNewRoadmap, parseRoadmapChanges, parseSwap, parseVisibility, type Visibility } from './roadmap-input.js';
import { type RoadmapView, toRoadmapView } from './roadmap-views.js';
import { randomBase36 } from './text.js';
import { type Body, integerInRange, lookupKey } from './validation/fields.js';
import { type QueryInput, queryParam } from './validation/query.js';
import { isVisibleRoadmap } from './visibility.js';

const DEFAULT_PAGE_SIZE = 20;
const DEFAULT_SEARCH_LIMIT = 10;
const MAX_SEARCH_LIMIT = 100;
const DEFAULT_URL_TRIES = 5;
/** Never stored: `/roadmaps/search/…` and `/roadmaps/sort` are routes of their own (API.md §4.7). */
export const RESERVED_URLS: ReadonlySet<string> = new Set(['search', 'sort']);

/** The body of `GET /roadmaps`. */
export type RoadmapList = { roadmaps: RoadmapView[]; results: RoadmapView[] } & CursorPageMeta;

/** API.md §4.7.1: a cursor page of the roadmaps by index, public ones only for callers without `roadmap:read`. */
export async function listRoadmaps(ctx: ServiceContext, viewer: Viewer, query: QueryInput): Promise<RoadmapList> {
  const paging = parsePaging(query, 'cursor', DEFAULT_PAGE_SIZE);
  const asked = parseVisibility(query.visibility);
  const display = can(viewer, 'roadmap:read') ? displayFilter(asked) : true;
  const page = foundPage(await ctx.storage.roadmaps.page({ ...pageRequest(paging, 'asc'), display }));
  const roadmaps = page.rows.map(toRoadmapView);
  return { roadmaps, results: roadmaps, ...cursorPageMeta(page, paging.size) };
}

/** The storage filter for the asked visibilities: displayed only, hidden only, or both (undefined). */
function displayFilter(asked: ReadonlySet<Visibility>): boolean | undefined {
  if (asked.has('public') && asked.has('private')) return undefined;
  return asked.has('public');
}

/** API.md §4.7.2: the roadmap with exactly this url, unless it is hidden from the viewer. */
export async function showRoadmap(ctx: ServiceContext, viewer: Viewer, url: string): Promise<RoadmapView> {
  const roadmap = await ctx.storage.roadmaps.getByUrl(url);
  if (!isVisibleRoadmap(viewer, roadmap)) throw appError('ROADMAP_NOT_FOUND');
  return toRoadmapView(roadmap);
}

/** API.md §4.7.3: roadmaps whose name starts with the trimmed `name`, hidden ones included. */
export async function searchRoadmaps(ctx: ServiceContext, actor: Actor, name: string, query: QueryInput): Promise<RoadmapView[]> {
  requirePermission(actor, 'roadmap:read');
  const limit = integerInRange(queryParam(query, 'limit'), 'limit', 1, MAX_SEARCH_LIMIT, DEFAULT_SEARCH_LIMIT);
  const roadmaps = await ctx.storage.roadmaps.searchByName(name.trim(), limit);
  return roadmaps.map(toRoadmapView);
}

/** API.md §4.7.4: a new roadmap placed after every other one. */
export async function createRoadmap(ctx: ServiceContext, actor: Actor, body: Body): Promise<RoadmapView> {
  requirePermission(actor, 'roadmap:create');
  const fields = parseNewRoadmap(body);
  const roadmap = await ctx.storage.transaction(async (tx) => {
    const url = fields.url ?? (await freeDefaultUrl(tx));
    await requireFreeUrl(tx, url, undefined);
    // Read inside the transaction: transactions run one at a time, so concurrent creates get
    // consecutive indexes and none collides on `roadmaps.index`.
    const index = (await tx.roadmaps.highestIndex()) + 1;
    const now = new Date().toISOString();
    const row = { id: randomUUID(), ...fields, url, index, createdAt: now, updatedAt: now };
    return urlConflictAsApiError(tx.roadmaps.insert(row));
  });
  return toRoadmapView(roadmap);
}

/** API.md §4.7.5: writes the given fields of a roadmap, hidden or not. */
export async function updateRoadmap(ctx: ServiceContext, actor: Actor, body: Body): Promise<RoadmapView> {
  const id = lookupKey(body.id);
  const roadmap = await ctx.storage.transaction(async (tx) => {
    const current = await findRoadmap(tx, id);
    requirePermission(actor, 'roadmap:update');
    const changes = parseRoadmapChanges(body);
    if (changes.url !== undefined) await requireFreeUrl(tx, changes.url, current.id);
    return urlConflictAsApiError(tx.roadmaps.update(current.id, { ...changes, updatedAt: new Date().toISOString() }));
  });
  return toRoadmapView(roadmap);
}

/** API.md §4.7.6: the two roadmaps exchange their stored indexes (the client's are ignored). */
export async function swapRoadmaps(ctx: ServiceContext, actor: Actor, body: Body): Promise<void> {
  requirePermission(actor, 'roadmap:update');
  const { fromId, toId } = parseSwap(body);
  await ctx.storage.transaction(async (tx) => {
    const from = await findRoadmap(tx, fromId);
    const to = await findRoadmap(tx, toId);
    if (from.id !== to.id) await tx.roadmaps.swapIndexes(from.id, to.id, new Date().toISOString());
  });
}

/** API.md §4.7.7: deletes a roadmap and unlinks its posts in one transaction; other indexes stay. */
export async function deleteRoadmap(ctx: ServiceContext, actor: Actor, body: Body): Promise<void> {
  const id = lookupKey(body.id);
  await ctx.storage.transaction(async (tx) => {
    const roadmap = await findRoadmap(tx, id);
    requirePermission(actor, 'roadmap:destroy');
    await tx.posts.clearRoadmap(roadmap.id);
    await tx.roadmaps.delete(roadmap.id);
  });
}

/** Write routes find hidden roadmaps too (API.md §2.7); 404 for no id or an unknown one. */
async function findRoadmap(tx: Repositories, id: string | undefined): Promise<RoadmapRow> {
  const roadmap = id === undefined ? undefined : await tx.roadmaps.get(id);
  if (!roadmap) throw appError('ROADMAP_NOT_FOUND');
  return roadmap;
}

/** 409 ROADMAP_URL_EXISTS when the url is reserved or held by another roadmap than `ownId`. */
async function requireFreeUrl(tx: Repositories, url: string, ownId: string | undefined): Promise<void> {
  if (RESERVED_URLS.has(url)) throw appError('ROADMAP_URL_EXISTS');
  const holder = await tx.roadmaps.getByUrl(url);
  if (holder !== undefined && holder.id !== ownId) throw appError('ROADMAP_URL_EXISTS');
}

/** `new-roadmap-` + 10 random characters, drawn again in the rare case it is taken. */
async function freeDefaultUrl(tx: Repositories): Promise<string> {
  for (let attempt = 0; attempt < DEFAULT_URL_TRIES; attempt++) {
    const url = `new-roadmap-${randomBase36(10)}`;
    if (!(await tx.roadmaps.getByUrl(url))) return url;
  }
  throw new Error('no free default roadmap url after several tries');
}

/** The storage's own url rule, worded as the API's error (a backstop for engines that run transactions side by side). */
async function urlConflictAsApiError(write: Promise<RoadmapRow>): Promise<RoadmapRow> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof UniqueViolation && error.constraint === 'roadmaps.url') throw appError('ROADMAP_URL_EXISTS');
    throw error;
  }
}
