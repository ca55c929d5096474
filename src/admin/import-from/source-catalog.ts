import { dashed } from '../../services/text.js';
import type { BoardRow, Repositories, RoadmapRow, TagRow } from '../../storage/types.js';
import type { SourceIds } from './source-ids.js';
import type { SourceData, SourceStatus } from './source-model.js';
import { cutText, isoTime } from './source-texts.js';
import { roadmapNames, type StatusMap } from './status-map.js';

const MAX_BOARD_NAME = 50;
const MAX_URL = 50;
const MAX_BOARD_DESCRIPTION = 300;
const MAX_TAG_NAME = 40;

/** Where the source's statuses went: one line of the report per status. */
export interface StatusMapping {
  status: string;
  posts: number;
  /** null: no roadmap. */
  roadmap: string | null;
  /** The roadmap was here before the import (matched by name), or is made by it. */
  roadmapIs: 'existing' | 'new' | null;
}

/** The source's boards, statuses (as roadmaps) and tags as rows here, and what each source id became. */
export class Catalog {
  readonly boards: BoardRow[] = [];
  readonly roadmaps: RoadmapRow[] = [];
  readonly tags: TagRow[] = [];
  readonly notes: string[] = [];
  readonly boardIds = new Map<string, string>();
  readonly roadmapIds = new Map<string, string | null>();
  readonly tagIds = new Map<string, string>();
  readonly statusMapping: StatusMapping[] = [];
  readonly counts = { tagsMatched: 0 };
  private readonly claimedUrls = new Set<string>();

  private constructor(
    private readonly ids: SourceIds,
    private readonly tx: Repositories,
    private readonly now: string,
  ) {}

  static async of(data: SourceData, ids: SourceIds, tx: Repositories, statusMap: StatusMap, now: string): Promise<Catalog> {
    const catalog = new Catalog(ids, tx, now);
    for (const board of data.boards) await catalog.takeBoard(data.tool, board);
    await catalog.takeStatuses(data, statusMap);
    for (const tag of data.tags) await catalog.takeTag(data.tool, tag);
    return catalog;
  }

  /**
   * A board is always a board of its own: merging it into one of the same name here could show a
   * hidden board's posts to everyone. Its url gets the tool's name when the url is taken.
   */
  private async takeBoard(tool: string, board: SourceData['boards'][number]): Promise<void> {
    const id = this.ids.id('board', board.sourceId);
    this.boardIds.set(board.sourceId, id);
    if (await this.tx.boards.get(id)) return;
    const name = cutText(board.name.trim(), MAX_BOARD_NAME) || 'Imported board';
    // A name in a script urls cannot spell (Japanese, Arabic) gets a url from its id: the same on every run.
    const base = dashed(name).slice(0, MAX_URL).replace(/-+$/, '') || `board-${id.slice(0, 6)}`;
    const url = await this.freeUrl(base, tool, (candidate) => this.tx.boards.getByUrl(candidate));
    if (url !== base) this.notes.push(`boards ${name}: its url is taken here: imported at /${url}`);
    const createdAt = isoTime(board.createdAt) ?? this.now;
    const description = board.description?.trim() ? cutText(board.description.trim(), MAX_BOARD_DESCRIPTION) : null;
    this.boards.push({ id, name, description, url, color: colorOf(id), display: !board.hidden, viewVoters: true, createdAt, updatedAt: createdAt });
  }

  private async takeStatuses(data: SourceData, statusMap: StatusMap): Promise<void> {
    const names = roadmapNames(data.statuses, statusMap);
    const existing = await this.tx.roadmaps.list();
    let nextIndex = (existing.length === 0 ? 0 : await this.tx.roadmaps.highestIndex()) + 1;
    const byName = new Map<string, string>();
    for (const status of data.statuses) {
      const name = names.get(status.sourceId) ?? null;
      const posts = data.posts.filter((post) => post.statusId === status.sourceId).length;
      if (name === null) {
        this.roadmapIds.set(status.sourceId, null);
        this.statusMapping.push({ status: status.name, posts, roadmap: null, roadmapIs: null });
        continue;
      }
      const key = name.trim().toLowerCase();
      const found = existing.find((roadmap) => roadmap.name.toLowerCase() === key || roadmap.url === dashed(name));
      let id = found?.id ?? byName.get(key);
      if (id === undefined) {
        id = await this.newRoadmap(name, status, nextIndex);
        nextIndex += 1;
      }
      byName.set(key, id);
      this.roadmapIds.set(status.sourceId, id);
      this.statusMapping.push({ status: status.name, posts, roadmap: found?.name ?? name, roadmapIs: found ? 'existing' : 'new' });
    }
  }

  private async newRoadmap(name: string, status: SourceStatus, index: number): Promise<string> {
    const id = this.ids.id('roadmap', name.trim().toLowerCase());
    const cut = cutText(name.trim(), MAX_BOARD_NAME);
    const base = dashed(cut).slice(0, MAX_URL).replace(/-+$/, '') || `roadmap-${id.slice(0, 6)}`;
    const url = await this.freeUrl(base, 'imported', (candidate) => this.tx.roadmaps.getByUrl(candidate));
    const color = status.color?.replace(/^#/, '').toLowerCase();
    this.roadmaps.push({ id, name: cut, url, color: color && /^[0-9a-f]{6}$/.test(color) ? color : colorOf(id), index, display: true, createdAt: this.now, updatedAt: this.now });
    return id;
  }

  /**
   * Tags are matched by name (names are unique here, in any case), when their visibility agrees: a
   * team-only tag of the source never becomes a public one here, nor the other way round; it comes
   * in beside it, named after the tool.
   */
  private async takeTag(tool: string, tag: SourceData['tags'][number]): Promise<void> {
    const ownId = this.ids.id('tag', tag.sourceId);
    let name = cutText(tag.name.trim(), MAX_TAG_NAME) || 'tag';
    let existing = await this.sameName(name);
    if (existing && existing.id !== ownId && existing.public === tag.isPrivate) {
      name = `${cutText(name, MAX_TAG_NAME - tool.length - 3)} (${tool})`;
      existing = await this.sameName(name);
      this.notes.push(`tags ${tag.name}: a ${tag.isPrivate ? 'public' : 'team-only'} tag of that name is here: imported as "${name}"`);
    }
    const id = existing?.id ?? ownId;
    this.tagIds.set(tag.sourceId, id);
    if (existing) {
      if (existing.id !== ownId && !this.tags.includes(existing)) this.counts.tagsMatched += 1;
      return;
    }
    const color = tag.color?.replace(/^#/, '').toLowerCase();
    this.tags.push({ id, name, color: color && /^[0-9a-f]{6}$/.test(color) ? color : colorOf(id), public: !tag.isPrivate, createdAt: this.now, updatedAt: this.now });
  }

  /** The tag of this name (any case) here or made by this import. */
  private async sameName(name: string): Promise<TagRow | undefined> {
    return this.tags.find((row) => row.name.toLowerCase() === name.toLowerCase()) ?? (await this.tx.tags.getByName(name));
  }

  /** `base`, else `base-<suffix>`, else `base-<suffix>-2`…: the first url free here and in this import. */
  private async freeUrl(base: string, suffix: string, find: (url: string) => Promise<unknown>): Promise<string> {
    const candidates = [base, `${base.slice(0, MAX_URL - suffix.length - 1)}-${suffix}`];
    for (let n = 2; n < 1000; n++) candidates.push(`${base.slice(0, MAX_URL - suffix.length - 2 - String(n).length)}-${suffix}-${n}`);
    for (const url of candidates) {
      if (this.claimedUrls.has(url) || (await find(url)) !== undefined) continue;
      this.claimedUrls.add(url);
      return url;
    }
    throw new Error(`no free url for ${base}`);
  }
}

/** A colour made from the row's id: the same on every run. */
function colorOf(id: string): string {
  return id.replace(/-/g, '').slice(0, 6);
}
