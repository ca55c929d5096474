import type { BoardRow, PostRow, RoadmapRow, UserRow, VoteRow, VoteSummary } from '../storage/types.js';
import type { PostView, PostViewSources, ViewerVote } from './post-views.js';
import type { TagRef } from './tags/views.js';

/*
 * Listed posts as cached JSON. Rows are immutable (an engine that keeps them, as the JSON-file
 * one does, hands out the same object until the row changes), so a post's view — with its board,
 * roadmap, author and newest voters — stays right while every row it was built from is the same
 * object and its count of public comments is the same number. It is built and serialised once
 * (and once more without voters, for boards that hide them); each request adds only the viewer's
 * own vote, which is the last field of the view. Engines that read fresh rows each time simply
 * never hit the cache. The cache holds one server's process memory only: it is never shared or
 * written anywhere.
 */

/** A shared view and its JSON up to and including `"viewerVote":`, filled in on first serialisation. */
interface Fragment {
  view: PostView;
  head?: string;
}

/** What a post's view was built from, compared by identity. */
interface Built {
  author: UserRow;
  board: BoardRow | undefined;
  roadmap: RoadmapRow | undefined;
  /** Public comments: a new one, a deletion or an edit of `is_internal` changes it, and so the view. */
  comments: number;
  /** The tags shown (they differ between those who see private tags and the rest): compared by content. */
  tags: string;
  count: number;
  recent: readonly VoteRow[];
  voters: readonly UserRow[];
  /** The view with `viewerVote: null`. */
  view: PostView;
  /** The same view without voters, for a board that hides them (made on first use). */
  withoutVoters?: PostView;
}

/**
 * Posts listed lately, in two generations: a miss goes into the young one; when that is full it
 * becomes the old one and the older is dropped. A board's hot posts stay; memory stays bounded
 * (a search can list any of 100k posts, and each view with its JSON takes 1–2 KB).
 */
const GENERATION = 5_000;
let young = new Map<PostRow, Built>();
let old = new Map<PostRow, Built>();

function recall(post: PostRow): Built | undefined {
  return young.get(post) ?? old.get(post);
}

function remember(post: PostRow, entry: Built): void {
  if (young.size >= GENERATION) {
    old = young;
    young = new Map();
  }
  young.set(post, entry);
}

/** A shared view, or a viewer's copy of one, and the fragment whose JSON it reuses. */
const fragments = new WeakMap<PostView, Fragment>();
/** The entry a shared full view belongs to. */
const builtOf = new WeakMap<PostView, Built>();
const TAIL = 'null}}';

function shared(view: PostView): PostView {
  fragments.set(view, { view });
  return view;
}

/** The view of `post` without the viewer's vote, reused while its sources are the same rows. */
export function cachedView(post: PostRow, sources: PostViewSources, build: () => PostView): PostView {
  const author = sources.users.get(post.userId)!;
  const board = post.boardId ? sources.boards.get(post.boardId) : undefined;
  const roadmap = post.roadmapId ? sources.roadmaps.get(post.roadmapId) : undefined;
  const comments = sources.comments.get(post.id) ?? 0;
  const tags = tagsKey(sources.tags.get(post.id));
  const summary = sources.votes.get(post.id);
  const recent = summary?.recent ?? [];
  const voters = recent.map((vote) => sources.users.get(vote.userId)!);
  const known = recall(post);
  const sameSources = known && known.author === author && known.board === board && known.roadmap === roadmap && known.comments === comments && known.tags === tags;
  if (sameSources && sameVotes(known, summary, recent, voters)) return known.view;
  const entry: Built = { author, board, roadmap, comments, tags, count: summary?.count ?? 0, recent, voters, view: shared(build()) };
  remember(post, entry);
  builtOf.set(entry.view, entry);
  return entry.view;
}

/** The view with no voters listed (a board that hides them, API.md §8.9), shared like the view it comes from. */
export function withoutVoters(view: PostView): PostView {
  const hidden = () => ({ ...view, voters: { ...view.voters, votes: [] } });
  const entry = builtOf.get(view);
  if (!entry) return hidden();
  entry.withoutVoters ??= shared(hidden());
  return entry.withoutVoters;
}

/** A copy of a view carrying the viewer's vote; a copy of a shared view serialises from that view's JSON. */
export function withViewerVote(view: PostView, viewerVote: ViewerVote): PostView {
  const copy = { ...view, voters: { ...view.voters, viewerVote } };
  const fragment = fragments.get(view);
  if (fragment) fragments.set(copy, fragment);
  return copy;
}

/** `{"posts":[…]}` for these views, from cached JSON where a view has it. */
export function postListJson(views: readonly PostView[]): string {
  return `{"posts":[${views.map(viewJson).join(',')}]}`;
}

function viewJson(view: PostView): string {
  const entry = fragments.get(view);
  if (!entry) return JSON.stringify(view);
  entry.head ??= headOf(JSON.stringify(entry.view));
  const { viewerVote } = view.voters;
  return viewerVote === null ? `${entry.head}${TAIL}` : `${entry.head}${JSON.stringify(viewerVote)}}}`;
}

/** The JSON of a view without its trailing `null}}`: `viewerVote` is the last field of the last object. */
function headOf(json: string): string {
  if (!json.endsWith(`"viewerVote":${TAIL}`)) throw new Error('a post view must end with voters.viewerVote');
  return json.slice(0, -TAIL.length);
}

function tagsKey(tags: readonly TagRef[] | undefined): string {
  return tags === undefined || tags.length === 0 ? '' : JSON.stringify(tags);
}

function sameVotes(known: Built, summary: VoteSummary | undefined, recent: readonly VoteRow[], voters: readonly UserRow[]): boolean {
  if (known.count !== (summary?.count ?? 0) || known.recent.length !== recent.length) return false;
  for (let i = 0; i < recent.length; i++) if (known.recent[i] !== recent[i] || known.voters[i] !== voters[i]) return false;
  return true;
}
