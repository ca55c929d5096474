import type { SourceStatus, SourceTag } from './source-model.js';

/*
 * What Canny's API reader and its CSV reader share: its statuses and how its categories and tags
 * become feedbackd's tags.
 */

/** Canny's built-in statuses, in the order its roadmap shows them; `open` is "no status yet". */
const CANNY_STATUS_ORDER = ['open', 'under review', 'planned', 'in progress', 'complete', 'closed'];

/**
 * The statuses the posts use: Canny's own in their order, then any custom status by name. The id
 * is the status as Canny writes it on a post ("in progress"); the API gives no colours.
 */
export function cannyStatuses(used: Iterable<string | null>): SourceStatus[] {
  const names = new Set<string>();
  for (const status of used) if (status !== null) names.add(status);
  const known = CANNY_STATUS_ORDER.filter((status) => names.has(status));
  const custom = [...names].filter((status) => !CANNY_STATUS_ORDER.includes(status)).sort();
  return [...known, ...custom].map((status) => ({ sourceId: status, name: displayName(status), color: null, isDefault: status === 'open' }));
}

/** "under review" → "Under Review", as Canny shows it. */
function displayName(status: string): string {
  return status.replace(/(^|\s)(\p{Ll})/gu, (_whole, space: string, letter: string) => space + letter.toUpperCase());
}

export interface TagObject {
  kind: 'category' | 'tag';
  sourceId: string;
  name: string;
  /** '' when unknown (the CSV). */
  createdAt: string;
}

/**
 * Categories and tags both become feedbackd tags, with their own names (no "Category:" prefix:
 * every chip would carry it and it eats feedbackd's 40 characters). Categories are public in Canny
 * (visitors pick one when posting), tags are seen by the team only, so a tag stays private.
 *
 * Canny keeps both per board, so two boards may each have a "Mobile"; feedbackd's tags are global
 * and unique by lower-case name, so same-named ones of one kind become one tag whose id is the
 * oldest's (stable from one run to the next). A tag named like a category is not merged into it
 * (that would make the team's private label public): it is called "Name (tag)".
 */
export function cannyTags(objects: TagObject[]): { tags: SourceTag[]; idOf: Map<string, string> } {
  const ordered = [...objects].sort((a, b) => kindRank(a) - kindRank(b) || a.createdAt.localeCompare(b.createdAt) || a.sourceId.localeCompare(b.sourceId));
  const chosen = new Map<string, SourceTag>();
  const idOf = new Map<string, string>();
  const categoryNames = new Set(objects.filter((object) => object.kind === 'category').map((object) => object.name.trim().toLowerCase()));
  for (const object of ordered) {
    const key = `${object.kind}\u0000${object.name.trim().toLowerCase()}`;
    let tag = chosen.get(key);
    if (tag === undefined) {
      const name = object.name.trim();
      const clashes = object.kind === 'tag' && categoryNames.has(name.toLowerCase());
      tag = { sourceId: object.sourceId, name: clashes ? `${name} (tag)` : name, color: null, isPrivate: object.kind === 'tag' };
      chosen.set(key, tag);
    }
    idOf.set(object.sourceId, tag.sourceId);
  }
  return { tags: [...chosen.values()], idOf };
}

function kindRank(object: TagObject): number {
  return object.kind === 'category' ? 0 : 1;
}
