import type { OrderedPage, UserPageRequest, UserRow } from '../types.js';
import type { MemoryDb } from './memory-db.js';
import { orderedPage } from './ordered-page.js';
import { SortedList } from './sorted-list.js';

/*
 * `GET /users?query=` on the JSON-file engine: the users whose name, username or email contains
 * the text, ignoring case. The owner's search is rare and the table small next to posts, so it is
 * a scan of the ordered list rather than an index kept on every write; the lower-cased text of
 * each row is remembered per row object (rows are immutable: an update makes a new object).
 */

const searchText = new WeakMap<UserRow, readonly string[]>();

/** The texts a search looks in, lower-cased the way PostgreSQL's stored `*_lower` columns are (JavaScript's rule). */
function lowerCasedFields(user: UserRow): readonly string[] {
  let fields = searchText.get(user);
  if (!fields) {
    fields = [user.name.toLowerCase(), user.username.toLowerCase(), user.email.toLowerCase()];
    searchText.set(user, fields);
  }
  return fields;
}

/** Whether the user's name, username or email contains the lower-cased text. */
export function userContains(user: UserRow, lowerText: string): boolean {
  return lowerCasedFields(user).some((field) => field.includes(lowerText));
}

/** A page of all users, or of the matching ones only; undefined for a cursor outside that list. */
export function userPage(db: MemoryDb, request: UserPageRequest): OrderedPage<UserRow> | undefined {
  const all = db.indexes.usersInOrder;
  if (request.contains === undefined) return orderedPage(db.tables.users, all, request);
  const lowerText = request.contains.toLowerCase();
  const matching = new SortedList<UserRow>();
  // Ascending input: every add is an append.
  for (let n = 0; n < all.size; n++) {
    const user = all.at(n)!;
    if (userContains(user, lowerText)) matching.add(user);
  }
  return orderedPage(db.tables.users, matching, request);
}
