import type { BoardRow, PostRow, RoadmapRow, UserRow, VoteRow, VoteSummary } from '../storage/types.js';
import type { PostView, PostViewSources, ViewerVote } from './post-views.js';

/*
 * Listed posts as cached JSON. Rows are immutable (an engine that keeps them, as the JSON-file
 * one does, hands out the same object until the row changes), so a post's view — with its board,
 * roadmap, author and newest voters — stays right while every row it was built from is the same
 * object. It is built and serialised once; each request adds only the viewer's own vote, which is
 * the last field of the view. Engines that read fresh rows each time simply never hit the cache.
 */

/** What a post's view was built from, compared by identity. */
interface Built {
  author: UserRow;
  board: BoardRow | undefined;
  roadmap: RoadmapRow | undefined;
  count: number;
  recent: readonly VoteRow[];
  voters: readonly UserRow[];
  /** The view with `viewerVote: null`. */
  view: PostView;
  /** Its JSON up to and including `"viewerVote":`, filled in on first serialisation. */
  head?: string;
}

const built = new WeakMap<PostRow, Built>();
/** A viewer's copy of a view, pointing back at the shared view whose JSON it reuses. */
const shared = new WeakMap<PostView, Built>();
const TAIL = 'null}}';

/** The view of `post` without the viewer's vote, reused while its sources are the same rows. */
export function cachedView(post: PostRow, sources: PostViewSources, build: () => PostView): PostView {
  const author = sources.users.get(post.userId)!;
  const board = post.boardId ? sources.boards.get(post.boardId) : undefined;
  const roadmap = post.roadmapId ? sources.roadmaps.get(post.roadmapId) : undefined;
  const summary = sources.votes.get(post.id);
  const recent = summary?.recent ?? [];
  const voters = recent.map((vote) => sources.users.get(vote.userId)!);
  const old = built.get(post);
  if (old && old.author === author && old.board === board && old.roadmap === roadmap && sameVotes(old, summary, recent, voters)) {
    return old.view;
  }
  const entry: Built = { author, board, roadmap, count: summary?.count ?? 0, recent, voters, view: build() };
  built.set(post, entry);
  shared.set(entry.view, entry);
  return entry.view;
}

/** A copy of a shared view carrying the viewer's vote; it serialises from the shared view's JSON. */
export function withViewerVote(view: PostView, viewerVote: ViewerVote): PostView {
  const copy = { ...view, voters: { ...view.voters, viewerVote } };
  const entry = shared.get(view);
  if (entry) shared.set(copy, entry);
  return copy;
}

/** `{"posts":[…]}` for these views, from cached JSON where a view has it. */
export function postListJson(views: readonly PostView[]): string {
  return `{"posts":[${views.map(viewJson).join(',')}]}`;
}

function viewJson(view: PostView): string {
  const entry = shared.get(view);
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

function sameVotes(old: Built, summary: VoteSummary | undefined, recent: readonly VoteRow[], voters: readonly UserRow[]): boolean {
  if (old.count !== (summary?.count ?? 0) || old.recent.length !== recent.length) return false;
  for (let i = 0; i < recent.length; i++) if (old.recent[i] !== recent[i] || old.voters[i] !== voters[i]) return false;
  return true;
}
