/*
 * API.md §4.6: boards. The paths are assembled here; the write operations are in ./boards-writes.ts. `/boards/get`
 * and `/boards/search/{name}` sit next to `/boards/{url}`: a literal segment beats the parameter
 * for the methods the literal route defines (API.md §1.1), which is why those urls are reserved.
 */
import { answer, arrayOf, operation, type Paths, ref, type Schema } from '../kit.js';
import { afterParam, createdParam, cursorKeys, pageParam, pageSizeParam, searchLimitParam } from './boards-fields.js';
import { boardWrites } from './boards-writes.js';

const boards = arrayOf(ref('Board'));
const ORDER = '`createdAt`, then `boardId`';

/** `GET /boards` answers one of two shapes, by the mode `page` selects. */
const publicBoardList: Schema = {
  anyOf: [
    answer(
      {
        boards,
        results: { ...boards, description: 'The same array as `boards`.' },
      },
      'Offset mode (`page` given).',
    ),
    answer(
      {
        boards,
        results: { ...boards, description: 'The same array as `boards`.' },
        ...cursorKeys,
      },
      'Cursor mode (no `page`).',
    ),
  ],
};

export const boardPaths: Paths = {
  '/boards': {
    get: operation('get', {
      id: 'listPublicBoards',
      summary: 'List displayed boards',
      description:
        `The boards with \`display: true\`, the same for every caller (hidden boards never appear, whatever the token), ordered by ${ORDER} in the \`created\` direction (default \`asc\`). ` +
        'Two paging modes: with `page`, offset mode (`page`, `limit`; `first` and `after` are ignored) answering `{ boards, results }`; without it, cursor mode (`first` or `limit`, `after`) answering also `page_info`, `total_count` and `total_pages`. ' +
        'The page size is `limit` when given (in either mode, it wins over `first`), else `first`, else 10. Parameters are checked in the order `page`, `limit`, `first` (cursor mode only), `created`, then `after`. An empty value (`?page=`) counts as absent.',
      tag: 'Boards',
      section: '4.6.1',
      auth: 'none',
      query: {
        page: {
          ...pageParam(),
          description: 'Selects offset mode when present: 1-based page number; a page past the end returns an empty list.',
        },
        limit: pageSizeParam(10, 'Page size in either mode; wins over `first`.'),
        first: pageSizeParam(10, 'Cursor-mode page size (ignored when `limit` or `page` is given).'),
        after: {
          ...afterParam('boardId'),
          description: `${afterParam('boardId').description} Cursor mode only.`,
        },
        created: createdParam(ORDER),
      },
      success: {
        200: {
          description: 'A page of displayed boards; the cursor keys only in cursor mode.',
          schema: publicBoardList,
        },
      },
      errors: { 400: ['VALIDATION_ERROR', 'INVALID_CURSOR'] },
    }),
    post: boardWrites.create,
    patch: boardWrites.update,
    delete: boardWrites.remove,
  },
  '/boards/get': {
    get: operation('get', {
      id: 'listBoards',
      summary: 'List boards, hidden ones included for readers',
      description:
        `A page of boards ordered by ${ORDER} in the \`created\` direction (default \`asc\`). Callers with \`board:read\` also get hidden boards (\`display: false\`); anonymous callers and the others get the displayed ones only. ` +
        'Parameters are checked in the order `page`, `limit`, `created`. This literal path wins over `GET /boards/{url}`: no board can have the url `get`.',
      tag: 'Boards',
      section: '4.6.2',
      auth: 'optional',
      query: {
        page: pageParam(),
        limit: pageSizeParam(10, 'Page size.'),
        created: createdParam(ORDER),
      },
      success: {
        200: { description: 'A page of boards.', schema: answer({ boards }) },
      },
      errors: { 400: ['VALIDATION_ERROR'] },
    }),
  },
  '/boards/{url}': {
    get: operation('get', {
      id: 'getBoard',
      summary: 'Board by url',
      description:
        'The board whose stored url is exactly `url` (after percent-decoding; stored urls are lower-case, so `Ideas` does not find `ideas`). A hidden board is found only by callers with `board:read`; for others it does not exist. ' +
        'Literal paths win for the methods they define: `GET /boards/get` is the board list and `GET /boards/search/{name}` the search, never a board; `get`, `search`, `check-slug` and `check-name` are reserved and never a board url.',
      tag: 'Boards',
      section: '4.6.3',
      auth: 'optional',
      pathParams: {
        url: {
          schema: { type: 'string' },
          description: 'The board url, e.g. `feature-requests`.',
        },
      },
      success: {
        200: {
          description: 'The board.',
          schema: answer({ board: ref('Board') }),
        },
      },
      errors: { 404: ['BOARD_NOT_FOUND'] },
    }),
  },
  '/boards/search/{name}': {
    get: operation('get', {
      id: 'searchBoards',
      summary: 'Search boards by name',
      description:
        'Boards, hidden ones included, whose name starts with `name` (trimmed, percent-decoded), compared case-insensitively and literally (`%`, `_` and `*` are plain characters). ' +
        'Ordered by name (case-insensitive) ascending, then `createdAt`, then `boardId`; at most `limit` results, no paging. This literal path wins over `GET /boards/{url}`.',
      tag: 'Boards',
      section: '4.6.4',
      auth: 'required',
      permission: '`board:read`',
      pathParams: {
        name: {
          schema: { type: 'string' },
          description: 'The start of the board names to find.',
        },
      },
      query: { limit: searchLimitParam },
      success: {
        200: {
          description: 'The matching boards.',
          schema: answer({ boards }),
        },
      },
      errors: { 403: ['NOT_ENOUGH_PERMISSION'], 400: ['VALIDATION_ERROR'] },
    }),
  },
  '/boards/check-slug': { post: boardWrites.checkSlug },
  '/boards/check-name': { post: boardWrites.checkName },
};
