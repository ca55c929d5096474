import { ChunkedList } from './chunked-list.js';
import type { PostEntry } from './post-catalog.js';

/** Lists of posts tag each post with its slot, so a walk tests bit sets without reading the posts. */
const slotOf = (entry: PostEntry): number => entry.slot;

/** Posts in one order: all of them, and the posts of each board, of each roadmap and of each tag. */
export class OrderedPosts {
  all: ChunkedList<PostEntry>;
  private byBoard = new Map<string, ChunkedList<PostEntry>>();
  private byRoadmap = new Map<string, ChunkedList<PostEntry>>();
  private byTag = new Map<string, ChunkedList<PostEntry>>();

  constructor(readonly compare: (a: PostEntry, b: PostEntry) => number) {
    this.all = new ChunkedList(compare, slotOf);
  }

  /** The board's posts; undefined when it has none. */
  board(boardId: string): ChunkedList<PostEntry> | undefined {
    return this.byBoard.get(boardId);
  }

  /** The roadmap's posts; undefined when it has none. */
  roadmap(roadmapId: string): ChunkedList<PostEntry> | undefined {
    return this.byRoadmap.get(roadmapId);
  }

  /** The posts carrying the tag; undefined when none does. */
  tag(tagId: string): ChunkedList<PostEntry> | undefined {
    return this.byTag.get(tagId);
  }

  add(entry: PostEntry): void {
    this.all.add(entry);
    const { boardId, roadmapId } = entry.row;
    if (boardId !== null) this.group(this.byBoard, boardId).add(entry);
    if (roadmapId !== null) this.group(this.byRoadmap, roadmapId).add(entry);
    for (const tagId of entry.tagIds) this.group(this.byTag, tagId).add(entry);
  }

  /** Puts the post into, or takes it out of, one tag's list alone (a link added or removed). */
  tagged(entry: PostEntry, tagId: string, change: 'add' | 'remove'): void {
    if (change === 'add') this.group(this.byTag, tagId).add(entry);
    else ungroup(this.byTag, tagId, entry);
  }

  /** Removes the entry as it was added (its order key and groups unchanged since). */
  remove(entry: PostEntry): void {
    this.all.remove(entry);
    const { boardId, roadmapId } = entry.row;
    if (boardId !== null) ungroup(this.byBoard, boardId, entry);
    if (roadmapId !== null) ungroup(this.byRoadmap, roadmapId, entry);
    for (const tagId of entry.tagIds) ungroup(this.byTag, tagId, entry);
  }

  /** Replaces everything with these entries (in any order): one sort, then lists built in order. */
  rebuild(entries: readonly PostEntry[]): void {
    const sorted = [...entries].sort(this.compare);
    this.all = ChunkedList.fromSorted(sorted, this.compare, slotOf);
    this.byBoard = this.grouped(sorted, (entry) => entry.row.boardId);
    this.byRoadmap = this.grouped(sorted, (entry) => entry.row.roadmapId);
    this.byTag = this.grouped(sorted, (entry) => entry.tagIds);
  }

  private group(groups: Map<string, ChunkedList<PostEntry>>, key: string): ChunkedList<PostEntry> {
    let list = groups.get(key);
    if (!list) {
      list = new ChunkedList(this.compare, slotOf);
      groups.set(key, list);
    }
    return list;
  }

  /** Lists per key, in order; `keysOf` names one group, several (a post's tags), or none. */
  private grouped(sorted: readonly PostEntry[], keysOf: (entry: PostEntry) => string | null | readonly string[]): Map<string, ChunkedList<PostEntry>> {
    const groups = new Map<string, PostEntry[]>();
    const join = (key: string, entry: PostEntry) => {
      const group = groups.get(key);
      if (group) group.push(entry);
      else groups.set(key, [entry]);
    };
    for (const entry of sorted) {
      const keys = keysOf(entry);
      if (typeof keys === 'string') join(keys, entry);
      else if (keys !== null) for (const key of keys) join(key, entry);
    }
    return new Map([...groups].map(([key, group]) => [key, ChunkedList.fromSorted(group, this.compare, slotOf)]));
  }
}

function ungroup(groups: Map<string, ChunkedList<PostEntry>>, key: string, entry: PostEntry): void {
  const list = groups.get(key);
  list?.remove(entry);
  if (list?.size === 0) groups.delete(key);
}
