// Dashboard › Boards: every board call the page makes (API.md §4.6), one typed function each.
import { api } from './client.js';
import type { Board } from './types.js';

/** The most a page of boards holds (API.md §1.9). */
const PAGE_SIZE = 100;

/**
 * Every board the caller may see, oldest first: hidden ones too for those holding board:read
 * (API.md §4.6.2). Pages are read until one comes back short, so a site with many boards lists them all.
 */
export async function listAllBoards(): Promise<Board[]> {
  const boards: Board[] = [];
  for (let page = 1; ; page++) {
    const batch = await api<{ boards: Board[] }>('GET', '/boards/get', undefined, { page, limit: PAGE_SIZE }).then((r) => r.boards);
    boards.push(...batch);
    if (batch.length < PAGE_SIZE) return boards;
  }
}

/** What a board form sends: colour as 6 hex digits without `#` (API.md §1.8). */
export interface BoardInput {
  name: string;
  /** At most 300 characters; the API trims it and stores "" as null. */
  description: string;
  url: string;
  color: string;
  display: boolean;
  view_voters: boolean;
}

export const createBoard = (input: BoardInput) => api<{ board: Board }>('POST', '/boards', input).then((r) => r.board);

export const updateBoard = (boardId: string, input: BoardInput) =>
  api<{ board: Board }>('PATCH', '/boards', { boardId, ...input }).then((r) => r.board);

/** Deletes the board; its posts stay, without a board (API.md §4.6.9). */
export const deleteBoard = (boardId: string) => api<void>('DELETE', '/boards', { boardId });

/** Whether a url is free for a board, and the url it normalises to (API.md §4.6.5). */
export interface UrlAvailability {
  available: boolean;
  url: string;
}

export const checkBoardUrl = (url: string) => api<UrlAvailability>('POST', '/boards/check-slug', { url });
