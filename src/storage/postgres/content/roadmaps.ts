import { type RoadmapRow, type RoadmapsRepo, RowNotFound } from '../../types.js';
import type { Queryable } from '../queryable.js';
import { int, iso, orderedPage, searchByName, type TableSpec, tableRepo, writing } from './sql.js';

export const roadmapSpec: TableSpec<RoadmapRow> = {
  table: 'roadmaps',
  columns: {
    id: 'id',
    name: 'name',
    url: 'url',
    color: 'color',
    index: 'index',
    display: 'display',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  fromDb: (r) => ({
    id: String(r.id),
    name: String(r.name),
    url: String(r.url),
    color: String(r.color),
    index: int(r.index),
    display: Boolean(r.display),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }),
  derived: (fields) => (fields.name === undefined ? {} : { name_lower: fields.name.toLowerCase() }),
};

/** Roadmaps, listed and paged by their unique `index`; `roadmaps.url` and `roadmaps.index` are unique. */
export function createRoadmapsRepo(db: Queryable): RoadmapsRepo {
  return {
    ...tableRepo(db, roadmapSpec),
    getByUrl: async (url) => {
      const { rows } = await db.query('SELECT * FROM roadmaps WHERE url = $1', [url]);
      return rows[0] ? roadmapSpec.fromDb(rows[0]) : undefined;
    },
    list: async () => {
      const { rows } = await db.query('SELECT * FROM roadmaps ORDER BY "index"');
      return rows.map(roadmapSpec.fromDb);
    },
    page: (request) =>
      orderedPage(
        db,
        {
          table: 'roadmaps',
          filter: (params) => (request.display === undefined ? '' : `t.display = ${params.add(request.display)}`),
          key: ['index'],
          fromDb: roadmapSpec.fromDb,
        },
        request,
      ),
    searchByName: (prefix, limit) => searchByName(db, 'roadmaps', prefix, limit, roadmapSpec.fromDb),
    highestIndex: async () => {
      const { rows } = await db.query('SELECT coalesce(max("index"), 0)::int AS n FROM roadmaps');
      return int(rows[0]?.n ?? 0);
    },
    swapIndexes: (firstId, secondId, updatedAt) =>
      writing(async () => {
        if (firstId === secondId) {
          const { rows } = await db.query('SELECT * FROM roadmaps WHERE id = $1', [firstId]);
          if (!rows[0]) throw new RowNotFound('roadmaps', firstId);
          const row = roadmapSpec.fromDb(rows[0]);
          return [row, row];
        }
        // One statement: `roadmaps__index` is deferrable, so it is checked when the statement
        // ends (after both rows moved), not row by row; no transaction of its own is needed.
        const { rows } = await db.query(
          `UPDATE roadmaps r
              SET "index" = other."index", updated_at = $3
             FROM roadmaps other
            WHERE (r.id = $1 AND other.id = $2) OR (r.id = $2 AND other.id = $1)
        RETURNING r.*`,
          [firstId, secondId, updatedAt],
        );
        const moved = rows.map(roadmapSpec.fromDb);
        const first = moved.find((row) => row.id === firstId);
        const second = moved.find((row) => row.id === secondId);
        if (first && second) return [first, second];
        const { rows: known } = await db.query('SELECT id FROM roadmaps WHERE id = $1', [firstId]);
        throw new RowNotFound('roadmaps', known.length === 0 ? firstId : secondId);
      }),
  };
}
