import { randomBytes, randomUUID } from 'node:crypto';
import { appError } from '../errors.js';
import { type BoardRow, type Repositories, type Storage, UniqueViolation } from '../storage/types.js';
import { type Board, renderBoard, renderBoards, toBoard } from './board-views.js';
import type { Actor, ServiceContext, Viewer } from './context.js';
import { type CursorPageMeta, cursorPageMeta, foundPage, pageRequest, parsePaging, SORT_DIRECTIONS } from './pagination.js';
import { can, requirePermission } from './permissions.js';
import { randomBase36 } from './text.js';
import { type BoardChanges, parseBoardChanges, parseNameAsUrl, parseNewBoard } from './validation/boards.js';
import { parseUrlSlug } from './validation/colors-urls.js';
import { type Body, integerInRange, lookupKey, oneOf } from './validation/fields.js';
import { type QueryInput, queryParam } from './validation/query.js';
import { isVisibleBoard } from './visibility.js';

const DEFAULT_PAGE_SIZE = 10;
const MAX_SEARCH_RESULTS = 100;
const DEFAULT_URL_TRIES = 5;

/** Urls a board can never have: they are the literal routes next to `GET /boards/:url` (API.md §4.6). */
export const RESERVED_BOARD_URLS: ReadonlySet<string> = new Set(['get', 'search', 'check-slug', 'check-name']);

/** The body of `GET /boards`: the cursor keys only in cursor mode. */
export type PublicBoardList = { boards: Board[]; results: Board[] } & Partial<CursorPageMeta>;

/** The answer of `POST /boards/check-slug` and `POST /boards/check-name`. */
export interface UrlAvailability {
  available: boolean;
  url: string;
}

/** API.md §4.6.1: a page of the displayed boards, the same for every caller; offset mode when `page` is given, else cursor. */
export async function listPublicBoards(ctx: ServiceContext, query: QueryInput): Promise<PublicBoardList> {
  const paging = parsePaging(query, 'offset-or-cursor', DEFAULT_PAGE_SIZE);
  const direction = oneOf(queryParam(query, 'created'), 'created', SORT_DIRECTIONS, 'asc');
  const request = { ...pageRequest(paging, direction), displayedOnly: true };
  const page = foundPage(await ctx.storage.boards.page(request));
  const boards = await renderBoards(ctx.storage, page.rows);
  const cursorKeys = paging.mode === 'cursor' ? cursorPageMeta(page, paging.size) : {};
  return { boards, results: boards, ...cursorKeys };
}

/** API.md §4.6.2: a page of boards by creation time; hidden ones only for viewers with `board:read`. */
export async function listBoards(ctx: ServiceContext, viewer: Viewer, query: QueryInput): Promise<Board[]> {
  const paging = parsePaging(query, 'offset', DEFAULT_PAGE_SIZE);
  const direction = oneOf(queryParam(query, 'created'), 'created', SORT_DIRECTIONS, 'asc');
  const request = { ...pageRequest(paging, direction), displayedOnly: !can(viewer, 'board:read') };
  const page = foundPage(await ctx.storage.boards.page(request));
  return renderBoards(ctx.storage, page.rows);
}

/** API.md §4.6.3: the board with exactly this url; 404 when there is none or the viewer may not see it. */
export async function showBoard(ctx: ServiceContext, viewer: Viewer, url: string): Promise<Board> {
  const board = await ctx.storage.boards.getByUrl(url);
  if (!isVisibleBoard(viewer, board)) throw appError('BOARD_NOT_FOUND');
  return renderBoard(ctx.storage, board);
}

/** API.md §4.6.4: boards, hidden ones included, whose name starts with the trimmed `name` (literally, ignoring case). */
export async function searchBoards(ctx: ServiceContext, actor: Actor, name: string, query: QueryInput): Promise<Board[]> {
  requirePermission(actor, 'board:read');
  const limit = integerInRange(queryParam(query, 'limit'), 'limit', 1, MAX_SEARCH_RESULTS, DEFAULT_PAGE_SIZE);
  const boards = await ctx.storage.boards.searchByName(name.trim(), limit);
  return renderBoards(ctx.storage, boards);
}

/** API.md §4.6.5: whether the normalised `url` is free for a board. */
export async function checkBoardUrl(ctx: ServiceContext, actor: Actor, body: Body): Promise<UrlAvailability> {
  if (!can(actor, 'board:create') && !can(actor, 'board:update')) throw appError('NOT_ENOUGH_PERMISSION');
  const url = parseUrlSlug(body.url, 'url', 'BOARD');
  return { available: await isUrlFree(ctx.storage, url), url };
}

/** API.md §4.6.6 (deprecated): whether the url made from `name` is free for a board. */
export async function checkBoardName(ctx: ServiceContext, actor: Actor, body: Body): Promise<UrlAvailability> {
  requirePermission(actor, 'board:create');
  const url = parseNameAsUrl(body.name);
  return { available: await isUrlFree(ctx.storage, url), url };
}

/** API.md §4.6.7: creates a board; url and colour are generated when not given. */
export async function createBoard(ctx: ServiceContext, actor: Actor, body: Body): Promise<Board> {
  requirePermission(actor, 'board:create');
  const input = parseNewBoard(body);
  const now = new Date().toISOString();
  const board: Omit<BoardRow, 'url'> = {
    id: randomUUID(),
    name: input.name,
    description: input.description,
    color: input.color ?? randomBytes(3).toString('hex'),
    display: input.display,
    viewVoters: input.viewVoters,
    createdAt: now,
    updatedAt: now,
  };
  const created = await ctx.storage.transaction(async (tx) => {
    if (input.url !== undefined) return insertBoard(tx, { ...board, url: input.url });
    return insertWithDefaultUrl(tx, board);
  });
  return toBoard(created, 0);
}

/** API.md §4.6.8: writes the fields sent (omitted ones stay) and `updatedAt`; hidden boards are found too. */
export async function updateBoard(ctx: ServiceContext, actor: Actor, body: Body): Promise<Board> {
  const found = await findBoard(ctx.storage, body.boardId);
  requirePermission(actor, 'board:update');
  const changes = parseBoardChanges(body);
  return ctx.storage.transaction(async (tx) => {
    const board = await tx.boards.get(found.id);
    if (!board) throw appError('BOARD_NOT_FOUND'); // deleted since the lookup
    const updated = await writeChanges(tx, board, { ...changes, updatedAt: new Date().toISOString() });
    return renderBoard(tx, updated);
  });
}

/** API.md §4.6.9: deletes a board (hidden ones too); its posts stay, on no board. */
export async function deleteBoard(ctx: ServiceContext, actor: Actor, body: Body): Promise<void> {
  const found = await findBoard(ctx.storage, body.boardId);
  requirePermission(actor, 'board:destroy');
  await ctx.storage.transaction(async (tx) => {
    await tx.posts.clearBoard(found.id);
    if (!(await tx.boards.delete(found.id))) throw appError('BOARD_NOT_FOUND');
  });
}

/** The board a write route targets: any `boardId` that is not a known board's UUID is a 404 (API.md §1.4). */
async function findBoard(storage: Storage, boardId: unknown): Promise<BoardRow> {
  const id = lookupKey(boardId);
  const board = id === undefined ? undefined : await storage.boards.get(id);
  if (!board) throw appError('BOARD_NOT_FOUND');
  return board;
}

async function isUrlFree(repos: Repositories, url: string): Promise<boolean> {
  return !RESERVED_BOARD_URLS.has(url) && (await repos.boards.getByUrl(url)) === undefined;
}

/** 409 BOARD_URL_EXISTS unless `url` is free (a board keeping its own url is not a conflict: callers skip it). */
async function assertUrlFree(repos: Repositories, url: string): Promise<void> {
  if (!(await isUrlFree(repos, url))) throw appError('BOARD_URL_EXISTS');
}

async function insertBoard(tx: Repositories, board: BoardRow): Promise<BoardRow> {
  await assertUrlFree(tx, board.url);
  return withUrlConflict(tx.boards.insert(board));
}

/** `new-board-` + 10 random characters; a clash (about one in 3.6e15) draws again. */
async function insertWithDefaultUrl(tx: Repositories, board: Omit<BoardRow, 'url'>): Promise<BoardRow> {
  for (let attempt = 0; attempt < DEFAULT_URL_TRIES; attempt++) {
    const url = `new-board-${randomBase36(10)}`;
    if (await isUrlFree(tx, url)) return tx.boards.insert({ ...board, url });
  }
  throw new Error('no free default board url after several tries');
}

async function writeChanges(tx: Repositories, board: BoardRow, changes: BoardChanges & { updatedAt: string }): Promise<BoardRow> {
  if (changes.url !== undefined && changes.url !== board.url) await assertUrlFree(tx, changes.url);
  return withUrlConflict(tx.boards.update(board.id, changes));
}

/** The storage's own uniqueness rule, for engines where another writer can win the race after our check. */
async function withUrlConflict(write: Promise<BoardRow>): Promise<BoardRow> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof UniqueViolation && error.constraint === 'boards.url') throw appError('BOARD_URL_EXISTS');
    throw error;
  }
}
