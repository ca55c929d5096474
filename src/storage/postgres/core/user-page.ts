import type { OrderedPage, UserPageRequest, UserRow } from '../../types.js';
import { type ListSpec, orderedPage } from '../content/sql.js';
import type { Queryable } from '../queryable.js';
import { type CoreTable, rowOf, timedPage } from './table.js';

/*
 * `GET /users?query=` on PostgreSQL. The text is lower-cased here and compared with the columns
 * JavaScript lower-cased on write (`name_lower`, `email_lower`; usernames are lower-case ASCII),
 * by strpos: a plain substring, where LIKE would read `%` and `_` as wildcards. A sequential scan
 * of users: the owner's search is rare, and no B-tree index serves "contains".
 */
const CONTAINS = (text: string) =>
  `(strpos(t.name_lower, ${text}) > 0 OR strpos(lower(t.username), ${text}) > 0 OR strpos(t.email_lower, ${text}) > 0)`;

/** A page of all users, or of the matching ones only; undefined for a cursor outside that list. */
export function userPage(
  db: Queryable,
  users: CoreTable<UserRow>,
  request: UserPageRequest,
): Promise<OrderedPage<UserRow> | undefined> {
  const { contains } = request;
  if (contains === undefined) return timedPage(db, users, request);
  const matching: ListSpec<UserRow> = {
    table: users.table,
    filter: (params) => CONTAINS(`${params.add(contains.toLowerCase())}::text`),
    key: ['created_at', 'id'],
    fromDb: (record) => rowOf(users, record),
  };
  return orderedPage(db, matching, request);
}
