import type { BoardRow, PostRow, RoadmapRow, RoleRow, SettingsRow, UserRoleRow, UserRow, VoteRow } from '../storage/types.js';
import type { FieldSpec } from './export-fields.js';

/** The `format` field of an export file. */
export const EXPORT_FORMAT = 'feedbackd-export';

/** The export format version this code writes and the highest it reads. */
export const EXPORT_VERSION = 1;

/** An exported user: no token version; the password hash only when asked for. */
export type ExportedUser = Omit<UserRow, 'tokenVersion' | 'passwordHash'> & { passwordHash?: string };

/** The row lists of an export file, by section name. */
export interface ExportSections {
  users: ExportedUser[];
  roles: RoleRow[];
  roleAssignments: UserRoleRow[];
  boards: BoardRow[];
  roadmaps: RoadmapRow[];
  posts: PostRow[];
  votes: VoteRow[];
}

/** The name of a list section. */
export type SectionName = keyof ExportSections;

/** The sections in file order, which is also import order: rows come after the rows they refer to. */
export const SECTION_NAMES: readonly SectionName[] = ['users', 'roles', 'roleAssignments', 'boards', 'roadmaps', 'posts', 'votes'];

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
    ...TIMES,
    passwordHash: '~string',
  },
  roles: { id: 'uuid', name: 'string', description: 'string?', isSystem: 'boolean', permissions: 'strings', ...TIMES },
  roleAssignments: { id: 'uuid', userId: 'uuid', roleId: 'uuid', createdAt: 'time' },
  boards: { id: 'uuid', name: 'string', url: 'string', color: 'string', display: 'boolean', viewVoters: 'boolean', ...TIMES },
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
    ...TIMES,
  },
  votes: { id: 'uuid', userId: 'uuid', postId: 'uuid', createdAt: 'time' },
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
};
