import { appError, validationError } from '../errors.js';
import type { Repositories, UserRow } from '../storage/types.js';
import { type Permission, PERMISSIONS } from './actors.js';
import type { Actor, ServiceContext } from './context.js';
import { type CursorPageMeta, cursorPageMeta, foundPage, pageRequest, parsePaging, SORT_DIRECTIONS } from './pagination.js';
import { requirePermission } from './permissions.js';
import {
  type AssignedRole,
  byRoleName,
  type Profile,
  toAssignedRole,
  toProfile,
  toUpdatedProfile,
  toUserListItem,
  type UpdatedProfile,
  type UserListItem,
} from './user-views.js';
import { parsePersonName } from './validation/account.js';
import { type Body, codePointLength, oneOf, optionalString } from './validation/fields.js';
import { type QueryInput, queryParam } from './validation/query.js';

const DEFAULT_PAGE_SIZE = 10;
const MAX_QUERY_LENGTH = 200;

/** The body of `GET /users`: the cursor keys only in cursor mode. */
export type UserList = { users: UserListItem[]; results: UserListItem[] } & Partial<CursorPageMeta>;

/** API.md §4.8.1: a page of every user, for the owner only (checked before any parameter). */
export async function listUsers(ctx: ServiceContext, actor: Actor, query: QueryInput): Promise<UserList> {
  if (!actor.user.isOwner) throw appError('NOT_ENOUGH_PERMISSION');
  const paging = parsePaging(query, 'offset-or-cursor', DEFAULT_PAGE_SIZE);
  const direction = oneOf(queryParam(query, 'created'), 'created', SORT_DIRECTIONS, 'asc');
  const request = pageRequest(paging, direction);
  const contains = parseUserQuery(query.query);
  const page = foundPage(await ctx.storage.users.page({ ...request, contains }));
  const users = await renderUserList(ctx.storage, page.rows);
  const cursorKeys = paging.mode === 'cursor' ? cursorPageMeta(page, paging.size) : {};
  return { users, results: users, ...cursorKeys };
}

/**
 * `query` of `GET /users` (a feedbackd extension, checked after the paging parameters): trimmed,
 * at most 200 code points; absent or blank = every user. Unlike other parameters a repeated one
 * is refused, not read by its first value: two search texts have no single meaning.
 */
function parseUserQuery(value: string | readonly string[] | undefined): string | undefined {
  if (Array.isArray(value)) throw validationError('query', 'must be a string');
  const text = optionalString(value, 'query')?.trim() ?? '';
  if (codePointLength(text) > MAX_QUERY_LENGTH) throw validationError('query', `cannot exceed ${MAX_QUERY_LENGTH} characters`);
  return text === '' ? undefined : text;
}

/** API.md §4.8.2: the caller's own profile. */
export function showProfile(actor: Actor): Profile {
  return toProfile(actor.user);
}

/** API.md §4.8.3: changes the caller's name when `name` is sent; an omitted name leaves the row untouched. */
export async function updateProfile(ctx: ServiceContext, actor: Actor, body: Body): Promise<UpdatedProfile> {
  if (body.name === undefined) return toUpdatedProfile(actor.user);
  const name = parsePersonName(body.name);
  const user = await ctx.storage.users.update(actor.user.id, { name, updatedAt: new Date().toISOString() });
  return toUpdatedProfile(user);
}

/** API.md §4.8.4: the caller's effective permissions, canonical order, no duplicates. */
export function listPermissions(actor: Actor): Permission[] {
  return PERMISSIONS.filter((permission) => actor.permissions.has(permission));
}

/** API.md §4.8.5: whether the caller may open the dashboard (403 unless `dashboard:read`). */
export function checkDashboardAccess(actor: Actor): { access: true } {
  requirePermission(actor, 'dashboard:read');
  return { access: true };
}

/** List items for a page of users: counts and roles are fetched for the page only, in batches. */
export async function renderUserList(repos: Repositories, users: readonly UserRow[]): Promise<UserListItem[]> {
  if (users.length === 0) return [];
  const ids = users.map((user) => user.id);
  const [votes, posts, roles] = await Promise.all([
    repos.votes.countByUsers(ids),
    repos.posts.countByUsers(ids),
    assignedRoles(repos, ids),
  ]);
  return users.map((user) =>
    toUserListItem(user, { votes: votes.get(user.id) ?? 0, posts: posts.get(user.id) ?? 0, roles: roles.get(user.id) ?? [] }),
  );
}

/** The roles assigned to each user, sorted by name. */
async function assignedRoles(repos: Repositories, userIds: readonly string[]): Promise<Map<string, AssignedRole[]>> {
  const assignments = await repos.userRoles.listByUsers(userIds);
  const roleIds = new Set<string>();
  for (const list of assignments.values()) for (const assignment of list) roleIds.add(assignment.roleId);
  const roles = await repos.roles.getMany([...roleIds]);
  const byUser = new Map<string, AssignedRole[]>();
  for (const [userId, list] of assignments) {
    const held = list.flatMap((assignment) => {
      const role = roles.get(assignment.roleId);
      return role ? [toAssignedRole(role)] : [];
    });
    byUser.set(userId, held.sort(byRoleName));
  }
  return byUser;
}
