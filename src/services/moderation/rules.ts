import { type Approval, type HeldShown, isHeld, type Repositories } from '../../storage/types.js';
import type { Actor, Viewer } from '../context.js';
import { can } from '../permissions.js';
import { teamMembers } from '../team-members.js';

/*
 * The approval queue's rules (issue 31 §2). The site setting `moderation` says whose posts and
 * comments wait: `off` nobody, `new-users` people with no approved post or comment yet,
 * `everyone` everybody; team members (the owner, any role beyond `@everyone`) and trusted users
 * never wait. A waiting row is seen by its author and by holders of `moderation:review`; a spam
 * one by the latter only. The storage reads leave held rows out of every list and count unless
 * asked (`HeldShown`).
 */

/** The permission that opens the queue. */
export const REVIEW_PERMISSION = 'moderation:review';

/** The approval a new post or comment of the actor starts with: `waiting`, or undefined (approved at once). */
export async function approvalForNew(repos: Repositories, actor: Actor): Promise<Approval | undefined> {
  const mode = (await repos.settings.get()).moderation ?? 'off';
  if (mode === 'off') return undefined;
  if (actor.user.isTrusted === true || actor.user.isOwner) return undefined;
  if ((await teamMembers(repos, [actor.user])).has(actor.user.id)) return undefined;
  if (mode === 'everyone') return 'waiting';
  const known = (await repos.posts.hasApprovedBy(actor.user.id)) || (await repos.comments.hasApprovedBy(actor.user.id));
  return known ? undefined : 'waiting';
}

/** Whether the viewer may see a post or comment: approved ones always; waiting ones their author and moderators; spam moderators. */
export function canSeeHeld(viewer: Viewer, row: { approval?: Approval; userId: string }): boolean {
  if (!isHeld(row)) return true;
  if (can(viewer, REVIEW_PERMISSION)) return true;
  return row.approval === 'waiting' && viewer !== null && viewer.user.id === row.userId;
}

/** Which held posts a list shows the viewer: their own waiting ones (moderators review the rest in the queue). */
export function heldShownFor(viewer: Viewer): HeldShown | undefined {
  return viewer ? { waitingBy: viewer.user.id } : undefined;
}

/** Which held comments a post's activity shows the viewer: all of them to moderators, their own waiting ones to a signed-in author. */
export function heldActivityFor(viewer: Viewer): HeldShown | undefined {
  return can(viewer, REVIEW_PERMISSION) ? { all: true } : heldShownFor(viewer);
}
