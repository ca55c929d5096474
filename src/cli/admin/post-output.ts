import type { PostDetail, PostView } from '../../services/post-views.js';
import type { CliIo } from '../io.js';
import { type Column, printFields, printTable } from './output.js';

/** The text forms of posts; --json prints the data itself. */

/** Titles are cut in tables (up to 200 characters would push every other column away). */
const TITLE_WIDTH = 40;
/** How much content `post show` prints; --json has all of it. */
const CONTENT_WIDTH = 200;

const POST_COLUMNS: ReadonlyArray<Column<PostView>> = [
  { title: 'ID', cell: (post) => post.postId },
  { title: 'TITLE', cell: (post) => shortened(post.title, TITLE_WIDTH) },
  { title: 'BOARD', cell: (post) => post.board?.url ?? '-' },
  { title: 'ROADMAP', cell: (post) => post.roadmap?.url ?? '-' },
  { title: 'VOTES', cell: (post) => String(post.voters.votesCount), alignRight: true },
  { title: 'AUTHOR', cell: (post) => post.author.username },
  { title: 'CREATED', cell: (post) => post.createdAt },
];

/** Posts, one per line under a header. */
export function printPostTable(io: CliIo, posts: readonly PostView[], page = 1): void {
  printTable(io, POST_COLUMNS, posts, page > 1 ? `No posts on page ${page}.` : 'No posts.');
}

/** One post, field by field; its content on one line, cut at 200 characters. */
export function printPost(io: CliIo, post: PostDetail): void {
  printFields(io, [
    ['ID', post.postId],
    ['Title', post.title],
    ['Slug', post.slug],
    ['Board', post.board ? `${post.board.url} (${post.board.name})` : '-'],
    ['Roadmap', post.roadmap ? `${post.roadmap.url} (${post.roadmap.name})` : '-'],
    ['Author', `${post.author.username} (${post.author.userId})`],
    ['Votes', String(post.voters.votesCount)],
    ['Created', post.createdAt],
    ['Updated', post.updatedAt],
    ['Content', post.contentMarkdown === null ? '-' : shortened(post.contentMarkdown, CONTENT_WIDTH)],
  ]);
}

/** `on board ideas and on no roadmap`. */
export function placeOf(post: PostDetail): string {
  const board = post.board ? `on board ${post.board.url}` : 'on no board';
  const roadmap = post.roadmap ? `on roadmap ${post.roadmap.url}` : 'on no roadmap';
  return `${board} and ${roadmap}`;
}

function shortened(text: string, width: number): string {
  const points = [...text];
  return points.length <= width ? text : `${points.slice(0, width - 1).join('')}…`;
}
