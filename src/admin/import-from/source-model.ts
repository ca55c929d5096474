/*
 * What every importer (`feedbackd import --from <tool>`) reads its source into. A reader knows
 * one tool's format and nothing of feedbackd's rows; the conversion (source-to-rows.ts) knows
 * feedbackd's rules and nothing of any tool. Ids here are the source's own, as strings; every
 * reference (post → board, vote → post…) uses them.
 *
 * Times are ISO 8601 strings (any offset; the conversion normalises them). Texts are as the
 * source holds them (Markdown where the tool writes Markdown); the conversion cuts what is longer
 * than feedbackd allows and says so in the report.
 */

/** The tools feedbackd imports from. */
export const SOURCE_TOOLS = ['fider', 'logchimp', 'canny', 'astuto', 'csv'] as const;
export type SourceTool = (typeof SOURCE_TOOLS)[number];

/** A person of the source: an author, a voter or a commenter. */
export interface SourceUser {
  sourceId: string;
  /** null when the source has none (a deleted user, an anonymised one): a placeholder account stands in. */
  email: string | null;
  /** The display name ('' when the source has none). */
  name: string;
  createdAt: string;
}

/** A board (Fider has one per site; Canny and LogChimp several; Astuto calls them boards too). */
export interface SourceBoard {
  sourceId: string;
  name: string;
  description: string | null;
  /** Not shown to visitors in the source (private boards): it stays hidden. */
  hidden: boolean;
  createdAt: string;
}

/** A post status of the source (open, planned, completed…): it becomes a roadmap, or none. */
export interface SourceStatus {
  sourceId: string;
  name: string;
  /** `#rrggbb` when the source has a colour. */
  color: string | null;
  /** The source's own "no status yet" (Fider's and Canny's `open`): mapped to no roadmap unless --status-map says otherwise. */
  isDefault: boolean;
}

/** A tag, label or category of the source. */
export interface SourceTag {
  sourceId: string;
  name: string;
  color: string | null;
  /** Only the team sees it (Fider's private tags). */
  isPrivate: boolean;
}

export interface SourcePost {
  sourceId: string;
  title: string;
  /** Markdown; null or '' when the post has no description. */
  content: string | null;
  boardId: string | null;
  statusId: string | null;
  /** null when the source does not say (a CSV without an author column): the import's placeholder author. */
  authorId: string | null;
  createdAt: string;
  tagIds: string[];
  /**
   * Votes the source counts but does not list (a CSV's Votes column, Canny's CSV score):
   * votes of placeholder "Imported voter" accounts are added until the post has this many.
   * undefined when the source lists every vote in `votes`.
   */
  voteCount?: number;
}

/** One vote. A voter the source does not know (a deleted account) is kept as a placeholder's vote. */
export interface SourceVote {
  postId: string;
  /** null when the source does not say who voted. */
  userId: string | null;
  createdAt: string;
}

export interface SourceComment {
  sourceId: string;
  postId: string;
  /** The comment it answers (on the same post); null for a top-level comment. */
  parentId: string | null;
  authorId: string | null;
  /** Markdown. */
  body: string;
  createdAt: string;
  /** Only the team sees it (Canny's internal comments, Fider's status responses are not comments). */
  internal: boolean;
}

/** A changelog entry (Canny's). */
export interface SourceChangelogEntry {
  sourceId: string;
  title: string;
  /** Markdown. */
  content: string;
  /** null for a draft. */
  publishedAt: string | null;
  createdAt: string;
  /** The posts it announces. */
  postIds: string[];
}

/**
 * An image a post or comment of the source shows: its bytes, and the text that stands for it in
 * the source's Markdown (Fider's `fider-image:<key>`). It becomes an upload here, and the text its
 * `/uploads/<id>` address.
 */
export interface SourceImage {
  ref: string;
  bytes: Uint8Array;
}

/** A whole source, read and checked by its reader. */
export interface SourceData {
  tool: SourceTool;
  /**
   * Tells apart two sites of one tool whose ids overlap (Fider's tenant, Astuto's tenant): part of
   * every imported row's id, so that importing two sites never mixes them up. '' when the
   * source's ids are unique everywhere (UUIDs, Canny's ids).
   */
  site: string;
  users: SourceUser[];
  boards: SourceBoard[];
  statuses: SourceStatus[];
  tags: SourceTag[];
  posts: SourcePost[];
  votes: SourceVote[];
  comments: SourceComment[];
  changelog: SourceChangelogEntry[];
  /** The images its texts show (absent: none, or the reader does not read them). */
  images?: SourceImage[];
  /** What the source holds that feedbackd does not take, one line each with its count ("3 attachments: images are not imported yet"). */
  leftOut: string[];
}

/**
 * A source whose content is wrong: names the file (or database, or address), the table, the row
 * and the field, as issue 32 asks ("backup.zip: posts.json row 12 field title: must be a string").
 */
export class SourceError extends Error {
  constructor(
    readonly where: string,
    readonly problem: string,
  ) {
    super(`${where}: ${problem}`);
  }
}

/** What a reader is given: the command's source argument and the options that concern reading. */
export interface SourceInput {
  /** The absolute path of a file, or a database URL; undefined for Canny's API (read with `apiKey`). */
  source: string | undefined;
  /** Canny's secret API key (read from --api-key-file). */
  apiKey?: string;
  /** Canny's API address (--api-url; default https://canny.io/api). */
  apiUrl?: string;
  /** CSV: feedbackd's field → the column holding it (--map title=Title,content=Description,…). */
  columns?: Readonly<Record<string, string>>;
  /** An API source: the most one answer may take, and the longest wait after a 429 (settings importRequestTimeoutMs, importRetryMaxWaitMs). */
  waits?: { requestTimeoutMs: number; retryMaxWaitMs: number };
  /** Told what is being read, for the terminal's progress line ("posts 200/1500"). */
  onProgress?: (what: string) => void;
}

/** Reads one tool's source, checks it, and answers it in the shared model; throws SourceError when the source is wrong. */
export type SourceReader = (input: SourceInput) => Promise<SourceData>;
