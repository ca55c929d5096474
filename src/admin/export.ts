import type { ServiceContext } from '../services/context.js';
import type { ActivityRow, ChangelogEntryRow, ChangelogLinkRow, CommentRow, DatabaseSnapshot, PostMergeRow, PostTagRow, TagRow, UserRow } from '../storage/types.js';
import { VERSION } from '../version.js';
import { writeJsonFileDurably } from './backup-file-writer.js';
import { parentsFirst, withActivityIds } from './export-comments.js';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportedUser,
  type ExportHeader,
  type ExportSections,
  SECTION_NAMES,
} from './export-format.js';
import { fileToWrite, type OutputArgs, parseOutputArgs } from './output-args.js';

/** What `export` is asked for. */
export interface ExportArgs extends OutputArgs {
  includePasswordHashes: boolean;
}

/** What an export wrote. */
export interface ExportResult {
  file: string;
  bytes: number;
  counts: Record<string, number>;
  includesPasswordHashes: boolean;
}

/** The export arguments as they arrive (possibly over the control socket). */
export function parseExportArgs(args: unknown): ExportArgs {
  const { includePasswordHashes } = (args ?? {}) as Record<string, unknown>;
  return { ...parseOutputArgs(args, 'export'), includePasswordHashes: includePasswordHashes === true };
}

/** The `export` operation: the board's data in the documented, versioned JSON format, from one consistent snapshot. */
export async function exportData(ctx: ServiceContext, args: unknown): Promise<ExportResult> {
  const parsed = parseExportArgs(args);
  const { includePasswordHashes } = parsed;
  const out = await fileToWrite(parsed, ctx.config.dataDir);
  const snapshot = await ctx.storage.snapshot();
  const sections = exportSections(snapshot, includePasswordHashes);
  const counts = Object.fromEntries(SECTION_NAMES.map((name) => [name, sections[name].length]));
  const header: ExportHeader = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    feedbackdVersion: VERSION,
    exportedAt: new Date().toISOString(),
    includesPasswordHashes: includePasswordHashes,
    counts,
    settings: snapshot.settings,
  };
  const lists = sections as unknown as Record<string, readonly unknown[]>;
  const bytes = await writeJsonFileDurably(out, { head: header, lists }, { replace: parsed.force });
  ctx.logger.info({ file: out, bytes, counts }, 'export written');
  return { file: out, bytes, counts, includesPasswordHashes: includePasswordHashes };
}

/**
 * Every section's rows, oldest first (by createdAt, then id), so two exports of the same data are
 * the same; a reply comes after its parent even when its timestamp or id sorts before it.
 */
export function exportSections(snapshot: DatabaseSnapshot, includePasswordHashes: boolean): ExportSections {
  const { tables } = snapshot;
  const comments = (tables.comments ?? []) as readonly CommentRow[];
  const activities = (tables.activities ?? []) as readonly ActivityRow[];
  return {
    users: inOrder(tables.users).map((user) => exportedUser(user, includePasswordHashes)),
    roles: inOrder(tables.roles),
    roleAssignments: inOrder(tables.userRoles),
    boards: inOrder(tables.boards),
    roadmaps: inOrder(tables.roadmaps),
    posts: inOrder(tables.posts),
    votes: inOrder(tables.votes),
    comments: parentsFirst(withActivityIds(inOrder(comments), activities)),
    postMerges: inOrder((tables.postMerges ?? []) as readonly PostMergeRow[]),
    // Absent from snapshots of databases older than the changelog (storage schema 8).
    changelogEntries: inOrder((tables.changelogEntries ?? []) as readonly ChangelogEntryRow[]),
    changelogLinks: inOrder((tables.changelogLinks ?? []) as readonly ChangelogLinkRow[]),
    // Absent from snapshots of databases older than tags (storage schema 10).
    tags: inOrder((tables.tags ?? []) as readonly TagRow[]),
    postTags: inOrder((tables.postTags ?? []) as readonly PostTagRow[]),
  };
}

function exportedUser(user: UserRow, includePasswordHash: boolean): ExportedUser {
  const { tokenVersion: _tokenVersion, passwordHash, ...rest } = user;
  return includePasswordHash ? { ...rest, passwordHash } : rest;
}

function inOrder<Row extends { id: string; createdAt: string }>(rows: readonly Row[]): Row[] {
  const key = (row: Row) => `${row.createdAt} ${row.id}`;
  return rows.slice().sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
