import { EVERYONE_ROLE_ID } from '../../storage/seed.js';
import { type CheckedTables, rowProblemText, type StoredTableName } from './row-rules.js';

/*
 * The rules between rows of a database copy whose rows each keep their own rules: every reference
 * names a row that is there, a reply is on its parent's post and never its own ancestor, and the
 * board has its @everyone role and (once it has users) exactly one owner.
 */

type Row = CheckedTables[StoredTableName][number];

/** A field of a table naming a row of a table (null, where its rule allows it, names none). */
interface Reference {
  table: StoredTableName;
  field: string;
  target: StoredTableName;
  noun: string;
}

const REFERENCES: readonly Reference[] = [
  { table: 'userRoles', field: 'userId', target: 'users', noun: 'user' },
  { table: 'userRoles', field: 'roleId', target: 'roles', noun: 'role' },
  { table: 'posts', field: 'userId', target: 'users', noun: 'user' },
  { table: 'posts', field: 'boardId', target: 'boards', noun: 'board' },
  { table: 'posts', field: 'roadmapId', target: 'roadmaps', noun: 'roadmap' },
  { table: 'votes', field: 'userId', target: 'users', noun: 'user' },
  { table: 'votes', field: 'postId', target: 'posts', noun: 'post' },
  { table: 'comments', field: 'postId', target: 'posts', noun: 'post' },
  { table: 'comments', field: 'userId', target: 'users', noun: 'user' },
  { table: 'comments', field: 'parentId', target: 'comments', noun: 'comment' },
  { table: 'activities', field: 'postId', target: 'posts', noun: 'post' },
  { table: 'activities', field: 'commentId', target: 'comments', noun: 'comment' },
  { table: 'mailTokens', field: 'userId', target: 'users', noun: 'user' },
  { table: 'changelogLinks', field: 'entryId', target: 'changelogEntries', noun: 'changelog entry' },
  { table: 'changelogLinks', field: 'postId', target: 'posts', noun: 'post' },
  { table: 'postMerges', field: 'intoPostId', target: 'posts', noun: 'post' },
  { table: 'postTags', field: 'postId', target: 'posts', noun: 'post' },
  { table: 'postTags', field: 'tagId', target: 'tags', noun: 'tag' },
];

/** The first reference to a missing row, reply on another post, reply cycle, or missing seed row; null when there is none. */
export function referenceProblem(tables: CheckedTables): string | null {
  const byId = new Map<StoredTableName, Map<string, Row>>();
  const rowsOf = (table: StoredTableName) => {
    const known = byId.get(table);
    if (known) return known;
    const rows = new Map(tables[table].map((row) => [row.id, row]));
    byId.set(table, rows);
    return rows;
  };
  for (const { table, field, target, noun } of REFERENCES) {
    const targets = rowsOf(target);
    for (const [index, row] of tables[table].entries()) {
      const id = row[field];
      if (id === null || targets.has(id as string)) continue;
      return rowProblemText(table, row, index, { field, problem: `names no ${noun} (${target} has no row ${id as string})` });
    }
  }
  return samePostProblem(tables, rowsOf('comments')) ?? replyCycleProblem(tables, rowsOf('comments')) ?? seedProblem(tables);
}

/** A reply is on its parent's post (API.md §3.15); an activity entry on its comment's post. */
function samePostProblem(tables: CheckedTables, comments: ReadonlyMap<string, Row>): string | null {
  for (const [index, row] of tables.comments.entries()) {
    const parent = row.parentId === null ? undefined : comments.get(row.parentId as string);
    if (parent && parent.postId !== row.postId) {
      const problem = `its parent is on another post (${parent.postId as string})`;
      return rowProblemText('comments', row, index, { field: 'parentId', problem });
    }
  }
  for (const [index, row] of tables.activities.entries()) {
    const comment = comments.get(row.commentId as string)!;
    if (comment.postId !== row.postId) {
      const problem = `its comment is on another post (${comment.postId as string})`;
      return rowProblemText('activities', row, index, { field: 'postId', problem });
    }
  }
  return null;
}

/** Following parents from any comment ends at a comment without one (else deleting or showing the thread never ends). */
function replyCycleProblem(tables: CheckedTables, comments: ReadonlyMap<string, Row>): string | null {
  const settled = new Set<string>();
  for (const start of tables.comments) {
    const path = new Set<string>();
    for (let current: Row | undefined = start; current && !settled.has(current.id); ) {
      if (path.has(current.id)) {
        const index = tables.comments.indexOf(current);
        const problem = 'its parents lead back to it: a reply cannot be its own ancestor';
        return rowProblemText('comments', current, index, { field: 'parentId', problem });
      }
      path.add(current.id);
      current = current.parentId === null ? undefined : comments.get(current.parentId as string);
    }
    for (const id of path) settled.add(id);
  }
  return null;
}

/** The rows every board has: the @everyone role, and exactly one owner once there are users (else anyone could set the board up again). */
function seedProblem(tables: CheckedTables): string | null {
  if (!tables.roles.some((role) => role.id === EVERYONE_ROLE_ID)) return `table roles: the @everyone role (${EVERYONE_ROLE_ID}) is missing`;
  const owners = tables.users.filter((user) => user.isOwner);
  if (owners.length === 0 && tables.users.length > 0) return 'table users: no user is the owner; a board with users has exactly one';
  if (owners.length > 1) {
    const second = owners[1]!;
    const problem = `a second owner (row ${owners[0]!.id} is the owner; a board has exactly one)`;
    return rowProblemText('users', second, tables.users.indexOf(second), { field: 'isOwner', problem });
  }
  return null;
}
