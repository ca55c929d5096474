import type { Post } from '../api/types.js';
import { can, type Session, useSession } from '../session.js';
import { useSite } from '../site.js';
import type { PostRights } from './posts-row.js';

/** What this session may do with each post; the API stays the authority. */
export function useRights(): (post: Post) => PostRights {
  const session = useSession();
  const voteOnBehalf = useSite()?.labs.voteOnBehalf === true;
  return (post) => {
    const mine = session?.user.userId === post.author.userId;
    return {
      edit: mine || can(session, 'post:update'),
      remove: mine || can(session, 'post:destroy'),
      setStatus: can(session, 'roadmap:assign'),
      voteFor: voteOnBehalf && can(session, 'vote:assign'),
      merge: can(session, 'post:merge'),
    };
  };
}

/** The section's three kinds of change, in the words the note uses. */
const CHANGES = [
  { permission: 'post:update', may: ['move', 'edit'], mayNot: ['moving', 'editing'] },
  { permission: 'post:destroy', may: ['delete'], mayNot: ['deleting'] },
] as const;

/**
 * For someone whose roles allow only part of the page: what they can do here, and what needs
 * another role, so a missing select or menu is not a mystery.
 */
export function RightsNote() {
  const session = useSession();
  const words = noteFor(session);
  return words ? <p class="posts-rights">{words}</p> : null;
}

function noteFor(session: Session | null | undefined): string | null {
  const held = CHANGES.filter((change) => can(session, change.permission));
  const missing = CHANGES.filter((change) => !can(session, change.permission));
  const status = can(session, 'roadmap:assign');
  if (missing.length === 0 && status) return null;
  const may = [held.length ? `${list(held.flatMap((change) => change.may), 'and')} ideas` : '', status ? 'set statuses' : ''].filter(Boolean);
  const mayNot = [missing.length ? `${list(missing.flatMap((change) => change.mayNot), 'or')} others' ideas` : '', status ? '' : 'setting statuses'].filter(Boolean);
  const needs = `${capitalise(list(mayNot, 'or'))} needs a role that allows it; the board's owner can give you one.`;
  return may.length ? `Your roles let you ${list(may, 'and')} here. ${needs}` : needs;
}

/** "a", "a and b", "a, b and c". */
function list(items: readonly string[], conjunction: 'and' | 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
