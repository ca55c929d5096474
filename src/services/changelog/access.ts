/*
 * Who may do what with the changelog (issue 30 §1, API.md §8.8): anyone reads published entries;
 * holders of `changelog:create` or `changelog:update` also see drafts and scheduled ones. Writing
 * an entry takes `changelog:update`, or `changelog:create` for one's own; deleting takes
 * `changelog:destroy`.
 */
import { appError } from '../../errors.js';
import type { ChangelogEntryRow, ChangelogStatus, Repositories } from '../../storage/types.js';
import type { Actor, Viewer } from '../context.js';
import { can } from '../permissions.js';
import { isUuid } from '../validation/fields.js';

export const EVERY_STATUS: readonly ChangelogStatus[] = ['draft', 'scheduled', 'published'];

/** Whether the viewer sees entries that are not out yet. */
export function seesUnpublished(viewer: Viewer): boolean {
  return can(viewer, 'changelog:create') || can(viewer, 'changelog:update');
}

/** The statuses the viewer may list. */
export function visibleStatuses(viewer: Viewer): readonly ChangelogStatus[] {
  return seesUnpublished(viewer) ? EVERY_STATUS : ['published'];
}

/** 403 unless the actor may write some entry at all: checked before the entry is looked up. */
export function requireChangelogWriter(actor: Actor): void {
  if (!seesUnpublished(actor)) throw appError('NOT_ENOUGH_PERMISSION');
}

/** 403 unless the actor may write this entry: `changelog:update`, or its author holding `changelog:create`. */
export function requireEntryWriter(actor: Actor, entry: ChangelogEntryRow): void {
  if (can(actor, 'changelog:update')) return;
  if (entry.authorId === actor.user.id && can(actor, 'changelog:create')) return;
  throw appError('NOT_ENOUGH_PERMISSION');
}

/** The entry with this id or slug as the viewer may see it; 404 CHANGELOG_ENTRY_NOT_FOUND otherwise. */
export async function findVisibleEntry(repos: Repositories, viewer: Viewer, key: string): Promise<ChangelogEntryRow> {
  const trimmed = key.trim();
  const entry = isUuid(trimmed) ? await repos.changelogEntries.get(trimmed.toLowerCase()) : await repos.changelogEntries.getBySlug(trimmed);
  if (!entry || !(entry.status === 'published' || seesUnpublished(viewer))) throw appError('CHANGELOG_ENTRY_NOT_FOUND');
  return entry;
}

/** The entry a write names by id; 404 for anything else (a slug included: writes take ids only). */
export async function findEntryById(repos: Repositories, id: string): Promise<ChangelogEntryRow> {
  const entry = isUuid(id) ? await repos.changelogEntries.get(id.toLowerCase()) : undefined;
  if (!entry) throw appError('CHANGELOG_ENTRY_NOT_FOUND');
  return entry;
}
