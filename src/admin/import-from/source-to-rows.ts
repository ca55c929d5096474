import { MAX_CONTENT_LENGTH, slugBase, TITLE_RULE } from '../../services/posts.js';
import { entrySlugBase } from '../../services/changelog/entries.js';
import type { ChangelogEntryRow, ChangelogLinkRow, PostRow, PostTagRow, Repositories, VoteRow } from '../../storage/types.js';
import type { ExportedComment, ExportSections } from '../export-format.js';
import { Catalog, type StatusMapping } from './source-catalog.js';
import { SourceIds } from './source-ids.js';
import type { SourceComment, SourceData, SourcePost } from './source-model.js';
import { People, type PeopleCounts } from './source-people.js';
import { type PreparedImage, type PreparedImages, withImages } from './source-images.js';
import { cutText, isoTime, splitText } from './source-texts.js';
import type { StatusMap } from './status-map.js';

const MAX_COMMENT = 1000;
const MAX_ENTRY_TITLE = 200;

/** A source turned into rows here, ready for the import's rules (which skip what is already here). */
export interface Converted {
  sections: ExportSections;
  people: PeopleCounts;
  statusMapping: StatusMapping[];
  /** Boards, roadmaps and tags that were here already and that the import's rows point to. */
  matched: { roadmaps: number; tags: number };
  /** What was changed to fit feedbackd's rules (a cut title, a long comment in parts…), one line each. */
  notes: string[];
  /** Users the conversion knows are not here (placeholders it checked by id): stored without the rules' queries. */
  surelyNewUsers: ReadonlySet<string>;
  /** The images the texts name, by upload id, with the author of the first text naming each. */
  usedImages: Map<string, { image: PreparedImage; userId: string }>;
}

/**
 * Turns a source into rows here, reading (never writing) the storage: people matched by email,
 * statuses mapped to roadmaps, every id made from the source's, every text fitted to the API's
 * limits with a note, and every vote kept (placeholders for voters the source cannot name).
 */
export async function sourceToRows(
  data: SourceData,
  tx: Repositories,
  statusMap: StatusMap,
  now: string,
  images: PreparedImages = { byRef: new Map(), notes: [] },
): Promise<Converted> {
  const ids = new SourceIds(data.tool, data.site);
  const usedImages = new Map<string, { image: PreparedImage; userId: string }>();
  const imagesIn = (text: string, userId: string) => withImages(text, images, (image) => usedImages.has(image.id) || usedImages.set(image.id, { image, userId }));
  const people = await People.of(data, ids, tx, now);
  const catalog = await Catalog.of(data, ids, tx, statusMap, now);
  const notes = [...people.notes, ...catalog.notes];
  const posts = new PostRows(ids, people, catalog, notes, now, imagesIn);
  for (const post of data.posts) await posts.add(post);
  const votes = await voteRows(data, ids, people, posts.ids, notes);
  const comments = await commentRows(data.comments, ids, people, posts.ids, notes, now, imagesIn);
  const changelog = await changelogRows(data, ids, people, tx, posts.ids, notes, now);
  await people.settle();
  const sections: ExportSections = {
    users: people.users,
    roles: [],
    roleAssignments: people.roleAssignments,
    boards: catalog.boards,
    roadmaps: catalog.roadmaps,
    posts: posts.rows,
    votes,
    comments,
    postMerges: [],
    changelogEntries: changelog.entries,
    changelogLinks: changelog.links,
    tags: catalog.tags,
    postTags: posts.postTags,
  };
  return {
    sections,
    people: people.counts,
    statusMapping: catalog.statusMapping,
    matched: { roadmaps: catalog.statusMapping.filter((row) => row.roadmapIs === 'existing').length, tags: catalog.counts.tagsMatched },
    notes,
    surelyNewUsers: people.newPlaceholders,
    usedImages,
  };
}

class PostRows {
  readonly rows: PostRow[] = [];
  readonly postTags: PostTagRow[] = [];
  /** Source post id → { id here, createdAt }. */
  readonly ids = new Map<string, { id: string; createdAt: string }>();

  constructor(
    private readonly sourceIds: SourceIds,
    private readonly people: People,
    private readonly catalog: Catalog,
    private readonly notes: string[],
    private readonly now: string,
    private readonly imagesIn: (text: string, userId: string) => string,
  ) {}

  async add(post: SourcePost): Promise<void> {
    const id = this.sourceIds.id('post', post.sourceId);
    const createdAt = isoTime(post.createdAt) ?? this.now;
    this.ids.set(post.sourceId, { id, createdAt });
    const fullTitle = post.title.trim() || '(no title)';
    const title = cutText(fullTitle, TITLE_RULE.max);
    const userId = await this.people.idOf(post.authorId, 'author');
    let content = post.content?.trim() ? this.imagesIn(post.content, userId) : null;
    if (title !== fullTitle) {
      content = content === null ? fullTitle : `${fullTitle}\n\n${content}`;
      this.note(post, `its title is longer than ${TITLE_RULE.max} characters: cut, and the whole title starts its description`);
    }
    if (content !== null && Array.from(content).length > MAX_CONTENT_LENGTH) {
      content = cutText(content, MAX_CONTENT_LENGTH);
      this.note(post, `its description is longer than ${MAX_CONTENT_LENGTH} characters: cut`);
    }
    const slugId = this.sourceIds.slugId(id);
    this.rows.push({
      id,
      title,
      slug: `${slugBase(title)}-${slugId}`,
      slugId,
      contentMarkdown: content,
      userId,
      boardId: this.boardOf(post),
      roadmapId: post.statusId === null ? null : (this.catalog.roadmapIds.get(post.statusId) ?? null),
      createdAt,
      updatedAt: createdAt,
    });
    for (const tagId of new Set(post.tagIds)) {
      const tag = this.catalog.tagIds.get(tagId);
      if (tag === undefined) continue;
      this.postTags.push({ id: this.sourceIds.id('post-tag', post.sourceId, tagId), postId: id, tagId: tag, createdAt });
    }
  }

  private boardOf(post: SourcePost): string | null {
    if (post.boardId === null) return null;
    return this.catalog.boardIds.get(post.boardId) ?? null;
  }

  private note(post: SourcePost, text: string): void {
    this.notes.push(`changed posts "${cutText(post.title.trim(), 60)}" (source id ${post.sourceId}): ${text}`);
  }
}

/** Every vote the source lists, once per voter and post; then placeholder votes up to a post's counted total. */
async function voteRows(
  data: SourceData,
  ids: SourceIds,
  people: People,
  posts: ReadonlyMap<string, { id: string; createdAt: string }>,
  notes: string[],
): Promise<VoteRow[]> {
  const rows: VoteRow[] = [];
  const seen = new Set<string>();
  const anonymous = new Map<string, number>();
  for (const vote of data.votes) {
    const post = posts.get(vote.postId);
    if (!post) continue;
    let userId: string;
    if (vote.userId === null) {
      const k = (anonymous.get(vote.postId) ?? 0) + 1;
      anonymous.set(vote.postId, k);
      userId = await people.anonymousVoter(k);
    } else {
      userId = await people.idOf(vote.userId, 'voter');
    }
    const key = `${post.id}/${userId}`;
    if (seen.has(key)) continue; // two source accounts with one address: one person, one vote
    seen.add(key);
    rows.push({ id: ids.id('vote', post.id, userId), userId, postId: post.id, createdAt: isoTime(vote.createdAt) ?? post.createdAt });
  }
  const listed = new Map<string, number>();
  for (const row of rows) listed.set(row.postId, (listed.get(row.postId) ?? 0) + 1);
  for (const source of data.posts) {
    if (source.voteCount === undefined) continue;
    const post = posts.get(source.sourceId)!;
    const have = listed.get(post.id) ?? 0;
    if (source.voteCount < have) notes.push(`changed posts (source id ${source.sourceId}): the source counts ${source.voteCount} votes but lists ${have} voters: all ${have} kept`);
    for (let k = (anonymous.get(source.sourceId) ?? 0) + 1, added = have; added < source.voteCount; k++) {
      const userId = await people.anonymousVoter(k);
      const key = `${post.id}/${userId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({ id: ids.id('vote', post.id, userId), userId, postId: post.id, createdAt: post.createdAt });
      added += 1;
    }
  }
  return rows;
}

/** Comments parents first; a comment longer than feedbackd allows goes on in replies, so no word is lost. */
async function commentRows(
  comments: readonly SourceComment[],
  ids: SourceIds,
  people: People,
  posts: ReadonlyMap<string, { id: string }>,
  notes: string[],
  now: string,
  imagesIn: (text: string, userId: string) => string,
): Promise<ExportedComment[]> {
  const rows: ExportedComment[] = [];
  const bySource = new Map(comments.map((comment) => [comment.sourceId, comment]));
  const done = new Map<string, string>();
  const depthFirst = async (comment: SourceComment, trail: Set<string>): Promise<string | null> => {
    const existing = done.get(comment.sourceId);
    if (existing !== undefined) return existing;
    const post = posts.get(comment.postId);
    if (!post || trail.has(comment.sourceId)) return null;
    trail.add(comment.sourceId);
    const parent = comment.parentId === null ? undefined : bySource.get(comment.parentId);
    const parentId = parent && parent.postId === comment.postId ? await depthFirst(parent, trail) : null;
    const id = ids.id('comment', comment.sourceId);
    done.set(comment.sourceId, id);
    const createdAt = isoTime(comment.createdAt) ?? now;
    const userId = await people.idOf(comment.authorId, 'author');
    const pieces = splitText(imagesIn(comment.body, userId).trim() || '(no text)', MAX_COMMENT);
    if (pieces.length > 1) notes.push(`changed comments ${comment.sourceId}: longer than ${MAX_COMMENT} characters: continued in ${pieces.length - 1} more comment(s) answering it`);
    for (const [part, body] of pieces.entries()) {
      const pieceId = part === 0 ? id : ids.id('comment', comment.sourceId, String(part));
      const row = { id: pieceId, postId: post.id, parentId: part === 0 ? parentId : (parentId ?? id), userId, body, isInternal: comment.internal, isEdited: false, isSpam: false };
      rows.push({ ...row, createdAt, updatedAt: createdAt, activityId: ids.id('activity', comment.sourceId, String(part)) });
    }
    return id;
  };
  for (const comment of comments) await depthFirst(comment, new Set());
  return rows;
}

/** Changelog entries, published or drafts, with the posts they announce; written by the owner (a placeholder when there is none yet). */
async function changelogRows(
  data: SourceData,
  ids: SourceIds,
  people: People,
  tx: Repositories,
  posts: ReadonlyMap<string, { id: string }>,
  notes: string[],
  now: string,
): Promise<{ entries: ChangelogEntryRow[]; links: ChangelogLinkRow[] }> {
  const entries: ChangelogEntryRow[] = [];
  const links: ChangelogLinkRow[] = [];
  if (data.changelog.length === 0) return { entries, links };
  const authorId = (await tx.users.getOwner())?.id ?? (await people.idOf(null, 'author'));
  for (const entry of data.changelog) {
    const id = ids.id('entry', entry.sourceId);
    const createdAt = isoTime(entry.createdAt) ?? now;
    const publishedAt = entry.publishedAt === null ? null : (isoTime(entry.publishedAt) ?? createdAt);
    const title = cutText(entry.title.trim() || '(no title)', MAX_ENTRY_TITLE);
    if (title !== entry.title.trim()) notes.push(`changed changelogEntries ${entry.sourceId}: title cut to ${MAX_ENTRY_TITLE} characters`);
    const tail = ids.slugId(id).slice(-8);
    entries.push({
      id,
      slug: `${entrySlugBase(title)}-${tail}`,
      title,
      contentMarkdown: entry.content.trim() ? cutText(entry.content, MAX_CONTENT_LENGTH) : null,
      labels: [],
      status: publishedAt === null ? 'draft' : 'published',
      publishAt: null,
      publishedAt,
      moveToRoadmapId: null,
      authorId,
      createdAt,
      updatedAt: createdAt,
    });
    let position = 0;
    for (const postId of new Set(entry.postIds)) {
      const post = posts.get(postId);
      if (!post) continue;
      links.push({ id: ids.id('link', entry.sourceId, postId), entryId: id, postId: post.id, position, createdAt });
      position += 1;
    }
  }
  return { entries, links };
}
