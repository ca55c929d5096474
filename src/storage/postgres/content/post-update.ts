import { postSearchWords } from '../../../text/search-words.js';
import { type PostRow, RowNotFound } from '../../types.js';
import { columnValues } from '../columns.js';
import type { Queryable } from '../queryable.js';
import { Params, quoted, type TableSpec, writing } from './sql.js';

/** How often a half patch re-reads the post when the other half changed between its read and its write. */
const MAX_TRIES = 5;

type Patch = Partial<Omit<PostRow, 'id'>>;

/**
 * A patch of the title alone or the content alone: the search words need the other half, read
 * from the stored row on the same connection. The UPDATE only applies while that half is still
 * what was read, so a concurrent edit outside a transaction cannot leave words of a stale text;
 * when it changed, the post is read again.
 */
export async function updateHalfPost(db: Queryable, spec: TableSpec<PostRow>, id: string, patch: Patch): Promise<PostRow> {
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const { rows } = await db.query('SELECT title, content_markdown FROM posts WHERE id = $1', [id]);
    if (!rows[0]) throw new RowNotFound('posts', id);
    const stored = { title: String(rows[0].title), content: rows[0].content_markdown === null ? null : String(rows[0].content_markdown) };
    const written = await writeHalf(db, spec, id, patch, stored);
    if (written) return written;
  }
  throw new Error(`post ${id} kept changing while its search words were computed`);
}

/** Whether a patch changes exactly one of title and content. */
export function isHalfPatch(patch: Patch): boolean {
  return (patch.title === undefined) !== (patch.contentMarkdown === undefined);
}

function writeHalf(
  db: Queryable,
  spec: TableSpec<PostRow>,
  id: string,
  patch: Patch,
  stored: { title: string; content: string | null },
): Promise<PostRow | undefined> {
  return writing(async () => {
    const title = patch.title ?? stored.title;
    const content = patch.contentMarkdown === undefined ? stored.content : patch.contentMarkdown;
    const pairs = columnValues(spec, { ...patch, id: undefined } as Partial<PostRow>);
    pairs.push(['search_words', postSearchWords(title, content)]);
    const params = new Params();
    const sets = pairs.map(([column, value]) => `${quoted(column)} = ${params.add(value)}`);
    const unchanged =
      patch.title === undefined
        ? `title = ${params.add(stored.title)}`
        : `content_markdown IS NOT DISTINCT FROM ${params.add(stored.content)}::text`;
    const { rows } = await db.query(
      `UPDATE posts SET ${sets.join(', ')} WHERE id = ${params.add(id)} AND ${unchanged} RETURNING *`,
      params.values,
    );
    return rows[0] ? spec.fromDb(rows[0]) : undefined;
  });
}
