import type { RoleRow, UserRow } from '../storage/types.js';
import { toPublicUser } from './post-views.js';

/** API.md §3.4, as `GET /users/profile` returns it. */
export interface Profile {
  userId: string;
  name: string;
  username: string;
  email: string;
  isVerified: boolean;
}

/** API.md §3.4, as `PATCH /users/profile` returns it. */
export type UpdatedProfile = Omit<Profile, 'isVerified'>;

/** A role as listed on a user (API.md §3.5). */
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
  /** Only when true (issue 31 §2): the user's posts and comments never wait for approval. */
  isTrusted?: true;
  isOwner: boolean;
  notes: string | null;
  createdAt: string;
  votes: number;
  posts: number;
  roles: AssignedRole[];
}

/** What a user list item adds to the user row. */
export interface UserActivity {
  votes: number;
  posts: number;
  /** Sorted by name (see `byRoleName`). */
  roles: AssignedRole[];
}

/** The profile of `GET /users/profile`. */
export function toProfile(user: UserRow): Profile {
  return { userId: user.id, name: user.name, username: user.username, email: user.email, isVerified: user.isVerified };
}

/** The profile of `PATCH /users/profile`. */
export function toUpdatedProfile(user: UserRow): UpdatedProfile {
  return { userId: user.id, name: user.name, username: user.username, email: user.email };
}

/** A role as listed on a user. */
export function toAssignedRole(role: RoleRow): AssignedRole {
  return { id: role.id, name: role.name, isSystem: role.isSystem };
}

/** Role order on a user: by name, ignoring case (names are unique that way), then by id. */
export function byRoleName(a: AssignedRole, b: AssignedRole): number {
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A user as listed by `GET /users`, keys in the order of API.md §3.5. */
export function toUserListItem(user: UserRow, activity: UserActivity): UserListItem {
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    // The public view caches the gravatar hash per row object.
    avatar: toPublicUser(user).avatar,
    isVerified: user.isVerified,
    isBlocked: user.isBlocked,
    // Issue 31 §2: only when marked trusted, so answers about everyone else stay as they were.
    ...(user.isTrusted === true ? { isTrusted: true } : {}),
    isOwner: user.isOwner,
    notes: user.notes,
    createdAt: user.createdAt,
    votes: activity.votes,
    posts: activity.posts,
    roles: activity.roles,
  };
}
