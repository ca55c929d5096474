// Dashboard › Users: the list (GET /users with feedbackd's `query`), blocking (PATCH /users/:user_id)
// and role assignments (API.md §4.9.5–4.9.6), one typed function each.
import { api } from './client.js';

/** A role as a user's list item names it (API.md §3.5). */
export interface AssignedRole {
  id: string;
  name: string;
  isSystem: boolean;
}

/** API.md §3.5. */
export interface UserListItem {
  userId: string;
  name: string;
  email: string;
  username: string;
  avatar: string;
  isVerified: boolean;
  isBlocked: boolean;
  /** Only when true (issue 31 §2): their posts and comments never wait for approval. */
  isTrusted?: true;
  isOwner: boolean;
  notes: string | null;
  createdAt: string;
  votes: number;
  posts: number;
  roles: AssignedRole[];
}

/** One page of users and how many match in all. */
export interface UsersPage {
  users: UserListItem[];
  total: number;
}

/**
 * A page of `size` users whose name, username or email contains `query` ('' for everyone), oldest
 * first. Offset pages carry no total: a one-item cursor page of the same search is asked for
 * alongside, for its `total_count`. The owner's alone (403 NOT_ENOUGH_PERMISSION for anyone else).
 */
export async function listUsersPage(query: string, page: number, size: number): Promise<UsersPage> {
  const search = query || undefined;
  const [list, count] = await Promise.all([
    api<{ users: UserListItem[] }>('GET', '/users', undefined, { query: search, page, limit: size }),
    api<{ total_count: number }>('GET', '/users', undefined, { query: search, first: 1 }),
  ]);
  return { users: list.users, total: count.total_count };
}

/**
 * Blocks or unblocks a user (the owner only; the owner cannot be blocked). `hideContent` (issue 31):
 * true also marks all their posts and comments spam, false approves again those marked spam.
 */
export const setUserBlocked = (userId: string, isBlocked: boolean, hideContent?: boolean) =>
  api<{ user: UserListItem }>('PATCH', `/users/${encodeURIComponent(userId)}`, hideContent === undefined ? { isBlocked } : { isBlocked, hideContent }).then(
    (r) => r.user,
  );

/** Marks a user trusted or not (issue 31 §2; the owner or `moderation:review`). */
export const setUserTrusted = (userId: string, isTrusted: boolean) =>
  api<{ user: UserListItem }>('PATCH', `/users/${encodeURIComponent(userId)}`, { isTrusted }).then((r) => r.user);

/** A role as the roles dialog offers it (API.md §3.12). */
export interface RoleChoice {
  id: string;
  name: string;
  description: string | null;
  isSystem: boolean;
}

/** The roles to choose from (API.md §4.9.1, needs role:read): the first hundred, newest first. */
export const listRoleChoices = () => api<{ roles: RoleChoice[] }>('GET', '/roles', undefined, { first: 100 }).then((r) => r.roles);

/** Gives a user a role (API.md §4.9.5, role:assign). */
export const assignRole = (roleId: string, userId: string) =>
  api<unknown>('PUT', `/roles/${encodeURIComponent(roleId)}/users/${encodeURIComponent(userId)}`).then(() => undefined);

/** Takes a role from a user (API.md §4.9.6, role:unassign). */
export const unassignRole = (roleId: string, userId: string) =>
  api<void>('DELETE', `/roles/${encodeURIComponent(roleId)}/users/${encodeURIComponent(userId)}`);
