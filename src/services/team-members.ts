import { EVERYONE_ROLE_ID } from '../storage/seed.js';
import type { Repositories, UserRow } from '../storage/types.js';

/**
 * The users, among these, who answer for the team (API.md §8.9 `isTeam`): the owner, and anyone
 * holding a role beyond `@everyone`, whatever that role grants: the owner gave it to them.
 */
export async function teamMembers(repos: Pick<Repositories, 'userRoles'>, users: Iterable<UserRow>): Promise<Set<string>> {
  const members = new Set<string>();
  const others: string[] = [];
  for (const user of users) {
    if (user.isOwner) members.add(user.id);
    else others.push(user.id);
  }
  if (others.length === 0) return members;
  const assignments = await repos.userRoles.listByUsers(others);
  for (const [userId, roles] of assignments) {
    if (roles.some((assignment) => assignment.roleId !== EVERYONE_ROLE_ID)) members.add(userId);
  }
  return members;
}
