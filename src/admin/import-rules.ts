import { randomUUID } from 'node:crypto';
import { NO_PASSWORD } from '../services/login.js';
import type { BoardRow, ChangelogEntryRow, ChangelogLinkRow, CommentRow, PostMergeRow, PostRow, PostTagRow, Repositories, RoadmapRow, RoleRow, TagRow, UserRoleRow, UserRow, VoteRow } from '../storage/types.js';
import type { ExportedComment, ExportSections, SectionName } from './export-format.js';
import type { ImportState } from './import-state.js';

/** A row of a section as it is in the file. */
export type FileRow<S extends SectionName = SectionName> = ExportSections[S][number];

/** A key a row claims under a uniqueness rule, and how to tell the storage already holds it. */
export interface UniqueKey {
  /** What the report names: `email`, `url`, `slug`… */
  rule: string;
  value: string;
  taken(tx: Repositories): Promise<boolean>;
}

/** A row to insert, possibly adapted (reference set to null, owner flag dropped…), with a note per change. */
export interface Adapted {
  row: Record<string, unknown>;
  notes: string[];
}

/** How one section's rows are checked, adapted and stored. */
export interface SectionRule {
  /** True when the storage holds a row with this id. */
  has(tx: Repositories, id: string): Promise<boolean>;
  uniques(row: FileRow): UniqueKey[];
  /** The row ready to store, or why it is refused (a reference it cannot do without). */
  adapt(row: FileRow, tx: Repositories, state: ImportState): Promise<Adapted | { refused: string }>;
  /** Stores an adapted row (its fields are the storage row's, checked when the file was read). */
  insert(tx: Repositories, row: Record<string, unknown>): Promise<unknown>;
  /** A few words that let the operator find the row (email, url, slug). */
  label(row: FileRow): string;
}

const asIs = async (row: FileRow): Promise<Adapted> => ({ row: { ...row }, notes: [] });

/** A reference that must exist (in the board, or imported before), or the row is refused. */
async function missingRequired(
  state: ImportState,
  tx: Repositories,
  refs: ReadonlyArray<[SectionName, string, string]>,
): Promise<string | null> {
  for (const [section, id, what] of refs) {
    if (!(await state.isAvailable(section, id, tx))) return `its ${what} ${id} does not exist here (neither in the data nor imported)`;
  }
  return null;
}

/** The rules of every section, in import order. */
export const SECTION_RULES: Readonly<Record<SectionName, SectionRule>> = {
  users: {
    has: async (tx, id) => (await tx.users.get(id)) !== undefined,
    uniques: (row) => {
      const user = row as FileRow<'users'>;
      return [
        { rule: 'email', value: user.email.toLowerCase(), taken: async (tx) => (await tx.users.getByEmail(user.email)) !== undefined },
        { rule: 'username', value: user.username, taken: async (tx) => (await tx.users.getByUsername(user.username)) !== undefined },
      ];
    },
    adapt: async (row, tx, state) => {
      const { passwordHash, ...user } = row as FileRow<'users'>;
      const notes: string[] = [];
      let isOwner = user.isOwner;
      if (isOwner && (state.ownerTaken || (await tx.users.getOwner()) !== undefined)) {
        isOwner = false;
        notes.push('the board already has an owner: imported as a regular user');
      }
      if (passwordHash === undefined) {
        // A reset by mail needs mail configured; set-password always works.
        notes.push(`no password hash in the file: cannot sign in until a password reset by mail, or feedbackd user set-password ${user.email.toLowerCase()}`);
      }
      // No hash: no password, as an account made by a provider or a mailed link (the profile says so,
      // login refuses it, and it is no way in when unlinking); a password reset sets one.
      const hash = passwordHash ?? NO_PASSWORD;
      // Stored lower-cased, as the API stores emails (API.md §1.8).
      return { row: { ...user, email: user.email.toLowerCase(), isOwner, passwordHash: hash, tokenVersion: 0 }, notes };
    },
    insert: (tx, row) => tx.users.insert(row as unknown as UserRow),
    label: (row) => (row as FileRow<'users'>).email,
  },
  roles: {
    has: async (tx, id) => (await tx.roles.get(id)) !== undefined,
    uniques: (row) => {
      const { name } = row as FileRow<'roles'>;
      return [{ rule: 'role name', value: name.toLowerCase(), taken: async (tx) => (await tx.roles.getByName(name)) !== undefined }];
    },
    adapt: asIs,
    insert: (tx, row) => tx.roles.insert(row as unknown as RoleRow),
    label: (row) => (row as FileRow<'roles'>).name,
  },
  roleAssignments: {
    has: async (tx, id) => (await tx.userRoles.get(id)) !== undefined,
    uniques: (row) => {
      const { userId, roleId } = row as FileRow<'roleAssignments'>;
      const taken = async (tx: Repositories) => (await tx.userRoles.getByUserAndRole(userId, roleId)) !== undefined;
      return [{ rule: 'assignment of that role to that user', value: `${userId}/${roleId}`, taken }];
    },
    adapt: async (row, tx, state) => {
      const { userId, roleId } = row as FileRow<'roleAssignments'>;
      const missing = await missingRequired(state, tx, [['users', userId, 'user'], ['roles', roleId, 'role']]);
      return missing ? { refused: missing } : asIs(row);
    },
    insert: (tx, row) => tx.userRoles.insert(row as unknown as UserRoleRow),
    label: (row) => row.id,
  },
  boards: {
    has: async (tx, id) => (await tx.boards.get(id)) !== undefined,
    uniques: (row) => {
      const { url } = row as FileRow<'boards'>;
      return [{ rule: 'board url', value: url, taken: async (tx) => (await tx.boards.getByUrl(url)) !== undefined }];
    },
    // Files written before boards had a description (issue 27) have none to give.
    adapt: async (row) => ({ row: { ...row, description: (row as FileRow<'boards'>).description ?? null }, notes: [] }),
    insert: (tx, row) => tx.boards.insert(row as unknown as BoardRow),
    label: (row) => (row as FileRow<'boards'>).url,
  },
  roadmaps: {
    has: async (tx, id) => (await tx.roadmaps.get(id)) !== undefined,
    uniques: (row) => {
      const { url } = row as FileRow<'roadmaps'>;
      return [{ rule: 'roadmap url', value: url, taken: async (tx) => (await tx.roadmaps.getByUrl(url)) !== undefined }];
    },
    adapt: async (row, tx, state) => {
      const roadmap = row as FileRow<'roadmaps'>;
      const index = await state.roadmapIndexFor(roadmap.index, tx);
      const notes = index === roadmap.index ? [] : [`index ${roadmap.index} is taken: placed last, at index ${index}`];
      return { row: { ...roadmap, index }, notes };
    },
    insert: (tx, row) => tx.roadmaps.insert(row as unknown as RoadmapRow),
    label: (row) => (row as FileRow<'roadmaps'>).url,
  },
  posts: {
    has: async (tx, id) => (await tx.posts.get(id)) !== undefined,
    uniques: (row) => {
      const { slug } = row as FileRow<'posts'>;
      return [{ rule: 'post slug', value: slug, taken: async (tx) => (await tx.posts.getBySlug(slug)) !== undefined }];
    },
    adapt: (row, tx, state) => adaptPost(row as FileRow<'posts'>, tx, state),
    insert: (tx, row) => tx.posts.insert(row as unknown as PostRow),
    label: (row) => (row as FileRow<'posts'>).slug,
  },
  votes: {
    has: async (tx, id) => (await tx.votes.get(id)) !== undefined,
    uniques: (row) => {
      const { userId, postId } = row as FileRow<'votes'>;
      const taken = async (tx: Repositories) => (await tx.votes.getByUserAndPost(userId, postId)) !== undefined;
      return [{ rule: 'vote of that user on that post', value: `${userId}/${postId}`, taken }];
    },
    adapt: async (row, tx, state) => {
      const { userId, postId } = row as FileRow<'votes'>;
      const missing = await missingRequired(state, tx, [['users', userId, 'voter'], ['posts', postId, 'post']]);
      return missing ? { refused: missing } : asIs(row);
    },
    insert: (tx, row) => tx.votes.insert(row as unknown as VoteRow),
    label: (row) => row.id,
  },
  comments: {
    has: async (tx, id) => (await tx.comments.get(id)) !== undefined,
    uniques: (row) => commentUniques(row as FileRow<'comments'>),
    adapt: (row, tx, state) => adaptComment(row as FileRow<'comments'>, tx, state),
    insert: (tx, row) => insertComment(tx, row as unknown as Required<ExportedComment>),
    label: (row) => row.id,
  },
  // Issue 30 §2: a merged post is out of `posts`; its id and old slug are still its own.
  postMerges: {
    has: async (tx, id) => (await tx.postMerges.get(id)) !== undefined || (await tx.posts.get(id)) !== undefined,
    uniques: (row) => {
      const { slug } = (row as FileRow<'postMerges'>).post;
      const taken = async (tx: Repositories) => (await tx.postMerges.getBySlug(slug)) !== undefined || (await tx.posts.getBySlug(slug)) !== undefined;
      return [{ rule: 'post slug', value: slug, taken }];
    },
    adapt: async (row, tx, state) => {
      const missing = await missingRequired(state, tx, [['posts', (row as FileRow<'postMerges'>).intoPostId, 'target post']]);
      return missing ? { refused: missing } : asIs(row);
    },
    insert: (tx, row) => tx.postMerges.insert(row as unknown as PostMergeRow),
    label: (row) => (row as FileRow<'postMerges'>).post.slug,
  },
  changelogEntries: {
    has: async (tx, id) => (await tx.changelogEntries.get(id)) !== undefined,
    uniques: (row) => {
      const { slug } = row as FileRow<'changelogEntries'>;
      return [{ rule: 'changelog slug', value: slug, taken: async (tx) => (await tx.changelogEntries.getBySlug(slug)) !== undefined }];
    },
    adapt: (row, tx, state) => adaptChangelogEntry(row as FileRow<'changelogEntries'>, tx, state),
    insert: (tx, row) => tx.changelogEntries.insert(row as unknown as ChangelogEntryRow),
    label: (row) => (row as FileRow<'changelogEntries'>).slug,
  },
  changelogLinks: {
    has: async (tx, id) => (await tx.changelogLinks.get(id)) !== undefined,
    uniques: (row) => {
      const { entryId, postId } = row as FileRow<'changelogLinks'>;
      const taken = async (tx: Repositories) => (await tx.changelogLinks.listByEntry(entryId)).some((link) => link.postId === postId);
      return [{ rule: 'link of that entry to that post', value: `${entryId}/${postId}`, taken }];
    },
    adapt: async (row, tx, state) => {
      const { entryId, postId } = row as FileRow<'changelogLinks'>;
      const missing = await missingRequired(state, tx, [['changelogEntries', entryId, 'changelog entry'], ['posts', postId, 'post']]);
      return missing ? { refused: missing } : asIs(row);
    },
    insert: (tx, row) => tx.changelogLinks.insert(row as unknown as ChangelogLinkRow),
    label: (row) => row.id,
  },
  // Issue 31 §1: a tag whose name a tag here has (in any case) is refused, as a slug clash is.
  tags: {
    has: async (tx, id) => (await tx.tags.get(id)) !== undefined,
    uniques: (row) => {
      const { name } = row as FileRow<'tags'>;
      return [{ rule: 'tag name', value: name, taken: async (tx) => (await tx.tags.getByName(name)) !== undefined }];
    },
    adapt: async (row) => asIs(row),
    insert: (tx, row) => tx.tags.insert(row as unknown as TagRow),
    label: (row) => (row as FileRow<'tags'>).name,
  },
  postTags: {
    has: async (tx, id) => (await tx.postTags.get(id)) !== undefined,
    uniques: (row) => {
      const { postId, tagId } = row as FileRow<'postTags'>;
      const taken = async (tx: Repositories) => (await tx.postTags.listByPosts([postId])).some((link) => link.tagId === tagId);
      return [{ rule: 'tag of that post', value: `${postId}/${tagId}`, taken }];
    },
    adapt: async (row, tx, state) => {
      const { postId, tagId } = row as FileRow<'postTags'>;
      const missing = await missingRequired(state, tx, [['posts', postId, 'post'], ['tags', tagId, 'tag']]);
      return missing ? { refused: missing } : asIs(row);
    },
    insert: (tx, row) => tx.postTags.insert(row as unknown as PostTagRow),
    label: (row) => row.id,
  },
};

/**
 * An entry keeps its author's id even when the author is not here (entries name their author
 * without a reference, as the stored rows do); a missing roadmap to move posts to is dropped.
 */
async function adaptChangelogEntry(entry: FileRow<'changelogEntries'>, tx: Repositories, state: ImportState): Promise<Adapted> {
  if (entry.moveToRoadmapId === null || (await state.isAvailable('roadmaps', entry.moveToRoadmapId, tx))) return asIs(entry);
  return { row: { ...entry, moveToRoadmapId: null }, notes: [`roadmap ${entry.moveToRoadmapId} does not exist here: its posts will not be moved when it is published`] };
}

/** A post needs its author; a missing board or roadmap is dropped (null), as deleting one would. */
async function adaptPost(post: FileRow<'posts'>, tx: Repositories, state: ImportState): Promise<Adapted | { refused: string }> {
  const missing = await missingRequired(state, tx, [['users', post.userId, 'author']]);
  if (missing) return { refused: missing };
  const notes: string[] = [];
  let { boardId, roadmapId } = post;
  if (boardId !== null && !(await state.isAvailable('boards', boardId, tx))) {
    notes.push(`board ${boardId} does not exist here: imported without a board`);
    boardId = null;
  }
  if (roadmapId !== null && !(await state.isAvailable('roadmaps', roadmapId, tx))) {
    notes.push(`roadmap ${roadmapId} does not exist here: imported without a roadmap`);
    roadmapId = null;
  }
  return { row: { ...post, boardId, roadmapId }, notes };
}

/** A comment's activity entry is unique by its id and by its comment (an entry left over in damaged data would clash). */
function commentUniques({ id, activityId }: FileRow<'comments'>): UniqueKey[] {
  const keys: UniqueKey[] = [
    { rule: 'activity entry of comment', value: id, taken: async (tx) => (await tx.activities.getByComment(id)) !== undefined },
  ];
  if (activityId !== undefined) {
    keys.push({ rule: 'activity id', value: activityId, taken: async (tx) => (await tx.activities.get(activityId)) !== undefined });
  }
  return keys;
}

/**
 * A comment needs its post and its author; a reply needs its parent, on the same post (API.md
 * §3.15). Without an activity id in the file, its activity entry gets a new one.
 */
async function adaptComment(comment: FileRow<'comments'>, tx: Repositories, state: ImportState): Promise<Adapted | { refused: string }> {
  const missing = await missingRequired(state, tx, [['posts', comment.postId, 'post'], ['users', comment.userId, 'author']]);
  if (missing) return { refused: missing };
  const { parentId } = comment;
  if (parentId !== null) {
    const parentPost = await state.commentPostOf(parentId, tx);
    if (parentPost === undefined) return { refused: `its parent comment ${parentId} does not exist here (neither in the data nor imported)` };
    if (parentPost !== comment.postId) {
      return { refused: `its parent comment ${parentId} is on another post (${parentPost}): a reply must be on its parent's post` };
    }
  }
  if (comment.activityId !== undefined) return asIs(comment);
  return { row: { ...comment, activityId: randomUUID() }, notes: ['no activityId in the file: its activity entry gets a new id'] };
}

/** Stores the comment and its activity entry, which has the comment's post and timestamp. */
async function insertComment(tx: Repositories, row: Required<ExportedComment>): Promise<void> {
  const { activityId, ...comment } = row;
  await tx.comments.insert(comment satisfies CommentRow);
  await tx.activities.insert({ id: activityId, postId: comment.postId, commentId: comment.id, type: 'comment', createdAt: comment.createdAt });
}
