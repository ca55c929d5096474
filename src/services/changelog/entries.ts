/*
 * Writing and reading changelog entries (issue 30 §1). Every write is one transaction in the order
 * the OpenAPI document states: permission (403), entry (404), fields (400), linked posts and the
 * roadmap (404). Publishing lives in ./publish.ts.
 */
import { randomUUID } from 'node:crypto';
import { appError, validationError } from '../../errors.js';
import type { ChangelogEntryRow, Repositories } from '../../storage/types.js';
import type { Actor, ServiceContext, Viewer } from '../context.js';
import { findVisiblePost } from '../post-lookup.js';
import { dashed, randomBase36 } from '../text.js';
import { parsePaging } from '../pagination.js';
import { type Body, isUuid } from '../validation/fields.js';
import { type QueryInput, queryParam } from '../validation/query.js';
import { isVisibleRoadmap } from '../visibility.js';
import { findEntryById, findVisibleEntry, requireChangelogWriter, requireEntryWriter, visibleStatuses } from './access.js';
import { type EntryFields, parseEntryFields } from './input.js';
import { type ChangelogEntryView, renderEntries, renderEntry, visibleLinkedPosts } from './views.js';

const SLUG_TRIES = 5;
const SLUG_TAIL_LENGTH = 8;
const DEFAULT_PAGE_SIZE = 20;

/** One page of entries, newest first, with how many there are in all. */
export interface ChangelogPage {
  entries: ChangelogEntryView[];
  page: number;
  limit: number;
  total_count: number;
  has_next_page: boolean;
}

/**
 * `GET /changelog`: published entries (drafts and scheduled ones too for those who may write
 * them), newest first, by `page` and `limit`; `postId` keeps the published entries linking that
 * post (what a post page needs to say "Shipped in …"), and only when the viewer can see the post.
 */
export async function listChangelog(ctx: ServiceContext, viewer: Viewer, query: QueryInput): Promise<ChangelogPage> {
  const paging = parsePaging(query, 'offset', DEFAULT_PAGE_SIZE);
  if (paging.mode !== 'offset') throw new Error('offset paging expected');
  const postId = parsePostFilter(queryParam(query, 'postId'));
  const { storage } = ctx;
  if (postId !== undefined) await findVisiblePost(storage, viewer, postId);
  const statuses = postId === undefined ? visibleStatuses(viewer) : (['published'] as const);
  const offset = (paging.page - 1) * paging.size;
  const { rows, total } = await storage.changelogEntries.list({ statuses, ...(postId ? { postId } : {}), offset, limit: paging.size });
  return {
    entries: await renderEntries(storage, viewer, rows),
    page: paging.page,
    limit: paging.size,
    total_count: total,
    has_next_page: offset + rows.length < total,
  };
}

function parsePostFilter(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isUuid(value)) throw validationError('postId', 'must be a UUID');
  return value.toLowerCase();
}

/** `GET /changelog/:slug_or_id`. */
export async function showChangelogEntry(ctx: ServiceContext, viewer: Viewer, key: string): Promise<ChangelogEntryView> {
  const entry = await findVisibleEntry(ctx.storage, viewer, key);
  return renderEntry(ctx.storage, viewer, entry);
}

/** `POST /changelog`: a draft, written by the actor. */
export async function createChangelogEntry(ctx: ServiceContext, actor: Actor, body: Body): Promise<ChangelogEntryView> {
  if (!actor.permissions.has('changelog:create')) throw appError('NOT_ENOUGH_PERMISSION');
  const fields = parseEntryFields(body, 'create');
  return ctx.storage.transaction(async (tx) => {
    await requireVisibleTargets(tx, actor, fields);
    const now = new Date().toISOString();
    const entry = await insertEntry(tx, {
      id: randomUUID(),
      slug: '',
      title: fields.title!,
      contentMarkdown: fields.contentMarkdown ?? null,
      labels: fields.labels ?? [],
      status: 'draft',
      publishAt: null,
      publishedAt: null,
      moveToRoadmapId: fields.moveToRoadmapId ?? null,
      authorId: actor.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await replaceLinks(tx, entry.id, fields.postIds ?? [], now);
    return renderEntry(tx, actor, entry);
  });
}

/** `PATCH /changelog/:entry_id`: the fields sent; a new title gives a new slug with the same random tail. */
export async function updateChangelogEntry(ctx: ServiceContext, actor: Actor, id: string, body: Body): Promise<ChangelogEntryView> {
  requireChangelogWriter(actor);
  return ctx.storage.transaction(async (tx) => {
    const entry = await findEntryById(tx, id);
    requireEntryWriter(actor, entry);
    const fields = parseEntryFields(body, 'patch');
    await requireVisibleTargets(tx, actor, fields);
    const now = new Date().toISOString();
    const { postIds, ...changes } = fields;
    const patch: Partial<ChangelogEntryRow> = { ...changes, updatedAt: now };
    if (fields.title !== undefined && fields.title !== entry.title) patch.slug = `${entrySlugBase(fields.title)}-${slugTail(entry.slug)}`;
    const updated = await tx.changelogEntries.update(entry.id, patch);
    if (postIds !== undefined) await replaceLinks(tx, entry.id, await keptHiddenLinks(tx, actor, entry.id, postIds), now);
    return renderEntry(tx, actor, updated);
  });
}

/** `DELETE /changelog/:entry_id`: the entry and its links; the posts stay. */
export async function deleteChangelogEntry(ctx: ServiceContext, actor: Actor, id: string): Promise<void> {
  if (!actor.permissions.has('changelog:destroy')) throw appError('NOT_ENOUGH_PERMISSION');
  await ctx.storage.transaction(async (tx) => {
    const entry = await findEntryById(tx, id);
    await tx.changelogLinks.deleteByEntry(entry.id);
    await tx.changelogEntries.delete(entry.id);
  });
}

/** 404 POST_NOT_FOUND / ROADMAP_NOT_FOUND unless the actor can see every post linked and the roadmap named. */
async function requireVisibleTargets(tx: Repositories, actor: Actor, fields: EntryFields): Promise<void> {
  for (const postId of fields.postIds ?? []) await findVisiblePost(tx, actor, postId);
  if (fields.moveToRoadmapId && !isVisibleRoadmap(actor, await tx.roadmaps.get(fields.moveToRoadmapId))) throw appError('ROADMAP_NOT_FOUND');
}

/**
 * The list sent, plus the linked posts the actor cannot see: they were never shown to them, so a
 * list without them does not mean "unlink" (and cannot reveal them either).
 */
async function keptHiddenLinks(tx: Repositories, actor: Actor, entryId: string, postIds: readonly string[]): Promise<string[]> {
  const visible = new Set((await visibleLinkedPosts(tx, actor, entryId)).map((post) => post.id));
  const hidden = (await tx.changelogLinks.listByEntry(entryId)).map((link) => link.postId).filter((postId) => !visible.has(postId));
  return [...new Set([...postIds, ...hidden])];
}

async function replaceLinks(tx: Repositories, entryId: string, postIds: readonly string[], now: string): Promise<void> {
  await tx.changelogLinks.deleteByEntry(entryId);
  for (const [position, postId] of postIds.entries()) await tx.changelogLinks.insert({ id: randomUUID(), entryId, postId, position, createdAt: now });
}

/** Like a post's slug: the dashed title and a random tail that stays when the title changes. */
async function insertEntry(tx: Repositories, entry: ChangelogEntryRow): Promise<ChangelogEntryRow> {
  const base = entrySlugBase(entry.title);
  for (let attempt = 0; attempt < SLUG_TRIES; attempt++) {
    const slug = `${base}-${randomBase36(SLUG_TAIL_LENGTH)}`;
    if (await tx.changelogEntries.getBySlug(slug)) continue;
    return tx.changelogEntries.insert({ ...entry, slug });
  }
  throw new Error('no free changelog slug after several tries');
}

/** The post slug rule (dashed transliterated title, at most 80 characters), `update` when nothing is left. */
export function entrySlugBase(title: string): string {
  return dashed(title).slice(0, 80).replace(/-+$/, '') || 'update';
}

function slugTail(slug: string): string {
  return slug.slice(slug.lastIndexOf('-') + 1);
}
