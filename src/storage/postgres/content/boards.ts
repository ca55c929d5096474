import type { BoardRow, BoardsRepo } from '../../types.js';
import type { Queryable } from '../queryable.js';
import { iso, orderedPage, searchByName, type TableSpec, tableRepo } from './sql.js';

export const boardSpec: TableSpec<BoardRow> = {
  table: 'boards',
  columns: {
    id: 'id',
    name: 'name',
    description: 'description',
    url: 'url',
    color: 'color',
    display: 'display',
    viewVoters: 'view_voters',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  fromDb: (r) => ({
    id: String(r.id),
    name: String(r.name),
    // Undefined too: a copy of a database older than migration 7 reads no such column (snapshot.ts).
    description: r.description == null ? null : String(r.description),
    url: String(r.url),
    color: String(r.color),
    display: Boolean(r.display),
    viewVoters: Boolean(r.view_voters),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }),
  derived: (fields) => (fields.name === undefined ? {} : { name_lower: fields.name.toLowerCase() }),
};

/** Boards, listed and paged by (createdAt, id); `boards.url` is unique. */
export function createBoardsRepo(db: Queryable): BoardsRepo {
  return {
    ...tableRepo(db, boardSpec),
    getByUrl: async (url) => {
      const { rows } = await db.query('SELECT * FROM boards WHERE url = $1', [url]);
      return rows[0] ? boardSpec.fromDb(rows[0]) : undefined;
    },
    list: async () => {
      const { rows } = await db.query('SELECT * FROM boards ORDER BY created_at, id');
      return rows.map(boardSpec.fromDb);
    },
    page: (request) =>
      orderedPage(
        db,
        {
          table: 'boards',
          filter: () => (request.displayedOnly ? 't.display' : ''),
          key: ['created_at', 'id'],
          fromDb: boardSpec.fromDb,
        },
        request,
      ),
    searchByName: (prefix, limit) => searchByName(db, 'boards', prefix, limit, boardSpec.fromDb),
  };
}
