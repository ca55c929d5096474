import type { Repositories } from '../storage/types.js';
import type { SectionName } from './export-format.js';
import { SECTION_RULES, type UniqueKey } from './import-rules.js';

/**
 * What one pass of an import has decided so far: the rows it inserts and the unique keys they
 * claim. A dry run writes nothing, so without this it could not see rows the file itself adds.
 */
export class ImportState {
  private readonly inserted = new Map<SectionName, Set<string>>();
  private readonly claimed = new Set<string>();
  private readonly roadmapIndexes = new Set<number>();
  /** The post of each comment this pass inserts, by comment id (a reply must be on its parent's post). */
  private readonly commentPosts = new Map<string, string>();
  /** An imported user became the owner. */
  ownerTaken = false;

  /** True when a row with this id is in the storage or is imported by this pass. */
  async isAvailable(section: SectionName, id: string, tx: Repositories): Promise<boolean> {
    return this.inserted.get(section)?.has(id) === true || (await SECTION_RULES[section].has(tx, id));
  }

  /** True when this pass inserted (or, in a dry run, would insert) the row. */
  insertedNow(section: SectionName, id: string): boolean {
    return this.inserted.get(section)?.has(id) === true;
  }

  /** True when a row of this pass claimed the key. */
  isClaimed(key: UniqueKey): boolean {
    return this.claimed.has(`${key.rule}\u0000${key.value}`);
  }

  /** Remembers an inserted row and the keys it claims. */
  recordInsert(section: SectionName, row: Record<string, unknown>, keys: readonly UniqueKey[]): void {
    let ids = this.inserted.get(section);
    if (!ids) {
      ids = new Set();
      this.inserted.set(section, ids);
    }
    ids.add(row.id as string);
    for (const key of keys) this.claimed.add(`${key.rule}\u0000${key.value}`);
    if (section === 'users' && row.isOwner === true) this.ownerTaken = true;
    if (section === 'roadmaps') this.roadmapIndexes.add(row.index as number);
    if (section === 'comments') this.commentPosts.set(row.id as string, row.postId as string);
  }

  /** The post id of a comment in the storage or imported by this pass; undefined when there is no such comment. */
  async commentPostOf(id: string, tx: Repositories): Promise<string | undefined> {
    return this.commentPosts.get(id) ?? (await tx.comments.get(id))?.postId;
  }

  /** The wanted roadmap index when it is free, else the one after the highest in use (roadmap indexes are unique). */
  async roadmapIndexFor(wanted: number, tx: Repositories): Promise<number> {
    const stored = await tx.roadmaps.list();
    const taken = this.roadmapIndexes.has(wanted) || stored.some((roadmap) => roadmap.index === wanted);
    if (!taken) return wanted;
    return Math.max(await tx.roadmaps.highestIndex(), ...this.roadmapIndexes) + 1;
  }
}
