import type { BoardRow, ChangelogEntryRow, ChangelogLinkRow, CommentRow, PostMergeRow, PostRow, PostTagRow, RoadmapRow, RoleRow, SettingsRow, TagRow, UserRoleRow, UserRow, VoteRow } from '../storage/types.js';
import type { FieldSpec } from './export-fields.js';

/*
 * The export format: written by `feedbackd export`, read by `feedbackd import`.
 *
 * One JSON object (gzipped when the file name ends in `.gz`). Header fields come first:
 *   format                  "feedbackd-export"
 *   version                 4; this code writes 4 and reads 1 to 4 (a higher one is refused: upgrade first)
 *   feedbackdVersion        the feedbackd version that wrote the file
 *   exportedAt              ISO 8601 time of the snapshot
 *   includesPasswordHashes  true when users carry `passwordHash`
 *   counts                  rows per section; when present, a section with another number of rows refuses the file
 *   settings                the site settings (SETTINGS_FIELDS); absent: the board keeps its own.
 *                           `gravatar` may be absent (files written before it existed): the board's own
 *                           value stays, false on a new board; so may `ssoLoginUrl` (issue 28) and
 *                           `embedOrigins` (issue 29), `moderation` and `requireFormToken` (issue 31),
 *                           `locale` and `texts` (issue 33)
 * then one list per section (SECTION_FIELDS), in import order: users, roles, roleAssignments, boards,
 * roadmaps, posts, votes, comments, postMerges, changelogEntries, changelogLinks, tags, postTags. A row refers only to rows of earlier sections, or, for a reply,
 * to its parent comment, which comes earlier in `comments`. Rows are sorted by (createdAt, id),
 * except that a reply always comes after its parent, even when they share a timestamp. An absent
 * section is empty; top-level fields the version does not know are reported, not read.
 *
 * Field values: ids are lower-case UUIDs, times ISO 8601 with milliseconds and `Z`. Users have no
 * token version and carry `passwordHash` only when asked. A comment carries `activityId`, the id of
 * its activity entry; the entry itself (type "comment", on the comment's post, at the comment's
 * createdAt) is not a row of its own and is recreated on import with that id (a new id when the
 * field is absent).
 *
 * Versions: 1 has every section but `comments` (a `comments` field in a version-1 file is not
 * read); 2 adds `comments`; 3 adds the posts merged into others (issue 30 §2), `postMerges`, as
 * their rows keep them, so that they can be unmerged after an import, and the changelog (§1):
 * `changelogEntries` (the stored rows) and `changelogLinks` (entry, post, position); 4 adds tags
 * (issue 31 §1): `tags` (id, name, color, public, times) and `postTags` (post, tag). A board's `description` (issue 27) may be absent in files written
 * before it existed: the board is imported without one. Issue 31 §2 adds no section: a post or
 * comment may carry `approval` (`waiting`, `spam` or `approved`; absent = approved) and a user
 * `isTrusted` (absent = false), in any version. Issue 33 adds no section either: a user may carry
 * `locale` (one of the languages feedbackd speaks, or null; absent = none chosen), in any version.
 */

/** The `format` field of an export file. */
export const EXPORT_FORMAT = 'feedbackd-export';

/** The export format version this code writes and the highest it reads. */
export const EXPORT_VERSION = 4;

/** An exported user: no token version; the password hash only when asked for. */
export type ExportedUser = Omit<UserRow, 'tokenVersion' | 'passwordHash'> & { passwordHash?: string };

/** An exported comment: the comment's row and the id of its activity entry (absent in a hand-made file: a new one is made). */
export type ExportedComment = CommentRow & { activityId?: string };

/** The row lists of an export file, by section name. */
export interface ExportSections {
  users: ExportedUser[];
  roles: RoleRow[];
  roleAssignments: UserRoleRow[];
  boards: BoardRow[];
  roadmaps: RoadmapRow[];
  posts: PostRow[];
  votes: VoteRow[];
  comments: ExportedComment[];
  postMerges: PostMergeRow[];
  changelogEntries: ChangelogEntryRow[];
  changelogLinks: ChangelogLinkRow[];
  tags: TagRow[];
  postTags: PostTagRow[];
}

/** The name of a list section. */
export type SectionName = keyof ExportSections;

/** The sections in file order, which is also import order: rows come after the rows they refer to. */
export const SECTION_NAMES: readonly SectionName[] = ['users', 'roles', 'roleAssignments', 'boards', 'roadmaps', 'posts', 'votes', 'comments', 'postMerges', 'changelogEntries', 'changelogLinks', 'tags', 'postTags'];

/** The format version that introduced each section; an older file has none of its rows. */
export const SECTION_SINCE: Readonly<Record<SectionName, number>> = {
  users: 1,
  roles: 1,
  roleAssignments: 1,
  boards: 1,
  roadmaps: 1,
  posts: 1,
  votes: 1,
  comments: 2,
  postMerges: 3,
  changelogEntries: 3,
  changelogLinks: 3,
  tags: 4,
  postTags: 4,
};

/** The sections a file of this format version holds, in import order. */
export function sectionsOf(version: number): SectionName[] {
  return SECTION_NAMES.filter((name) => SECTION_SINCE[name] <= version);
}

/** The header fields of an export file. */
export interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  version: number;
  feedbackdVersion: string;
  exportedAt: string;
  includesPasswordHashes: boolean;
  /** Rows per section. */
  counts: Record<string, number>;
  /** null only in a file without settings (hand-made): the board keeps its own. */
  settings: SettingsRow | null;
}

/** A whole export file, read and checked. */
export interface ExportFile extends ExportSections {
  header: ExportHeader;
}

const TIMES = { createdAt: 'time', updatedAt: 'time' } as const;

/** The fields of each section's rows. */
export const SECTION_FIELDS: Readonly<Record<SectionName, FieldSpec>> = {
  users: {
    id: 'uuid',
    email: 'string',
    username: 'string',
    name: 'string',
    isOwner: 'boolean',
    isVerified: 'boolean',
    isBlocked: 'boolean',
    notes: 'string?',
    isTrusted: '~boolean',
    locale: '~string?',
    ...TIMES,
    passwordHash: '~string',
  },
  roles: { id: 'uuid', name: 'string', description: 'string?', isSystem: 'boolean', permissions: 'strings', ...TIMES },
  roleAssignments: { id: 'uuid', userId: 'uuid', roleId: 'uuid', createdAt: 'time' },
  boards: { id: 'uuid', name: 'string', description: '~string?', url: 'string', color: 'string', display: 'boolean', viewVoters: 'boolean', ...TIMES },
  roadmaps: { id: 'uuid', name: 'string', url: 'string', color: 'string', index: 'integer', display: 'boolean', ...TIMES },
  posts: {
    id: 'uuid',
    title: 'string',
    slug: 'string',
    slugId: 'string',
    contentMarkdown: 'string?',
    userId: 'uuid',
    boardId: 'uuid?',
    roadmapId: 'uuid?',
    approval: '~string',
    ...TIMES,
  },
  votes: { id: 'uuid', userId: 'uuid', postId: 'uuid', createdAt: 'time' },
  comments: {
    id: 'uuid',
    postId: 'uuid',
    parentId: 'uuid?',
    userId: 'uuid',
    body: 'string',
    isInternal: 'boolean',
    isEdited: 'boolean',
    isSpam: 'boolean',
    approval: '~string',
    ...TIMES,
    activityId: '~uuid',
  },
  postMerges: { id: 'uuid', intoPostId: 'uuid', post: 'object', moves: 'object', mergedBy: 'uuid?', createdAt: 'time' },
  changelogEntries: {
    id: 'uuid',
    slug: 'string',
    title: 'string',
    contentMarkdown: 'string?',
    labels: 'strings',
    status: 'string',
    publishAt: 'time?',
    publishedAt: 'time?',
    moveToRoadmapId: 'uuid?',
    authorId: 'uuid',
    ...TIMES,
  },
  changelogLinks: { id: 'uuid', entryId: 'uuid', postId: 'uuid', position: 'integer', createdAt: 'time' },
  tags: { id: 'uuid', name: 'string', color: 'string', public: 'boolean', ...TIMES },
  postTags: { id: 'uuid', postId: 'uuid', tagId: 'uuid', createdAt: 'time' },
};

/** The fields of the site settings. */
export const SETTINGS_FIELDS: FieldSpec = {
  title: 'string',
  description: 'string?',
  logo: 'string?',
  icon: 'string?',
  accentColor: 'string',
  googleAnalyticsId: 'string?',
  isPoweredBy: 'boolean',
  allowSignup: 'boolean',
  developerMode: 'boolean',
  labs: 'labs',
  gravatar: '~boolean',
  ssoLoginUrl: '~string?',
  embedOrigins: '~strings',
  moderation: '~string',
  requireFormToken: '~boolean',
  locale: '~string',
  texts: '~object',
};
