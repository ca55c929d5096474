import { AppError } from '../errors.js';
import { PERMISSIONS, SYSTEM_USER_ID } from '../services/actors.js';
import type { Actor } from '../services/context.js';
import type { Repositories, UserRow } from '../storage/types.js';

/*
 * The actor of the operator's content commands (`feedbackd board …`, `post …`, …): they call the
 * same services as the HTTP routes, which ask an actor for permissions. The system holds all 36,
 * so only the API's validation and lookups can refuse.
 */

/**
 * The user behind the system actor when no stored user is needed: a fixed id no account can have
 * (ids are UUID v4; this is the nil UUID), so comparisons with a post's author never match and a
 * "has the viewer voted" lookup finds nothing. It must never be written anywhere.
 */
const SYSTEM_USER: UserRow = Object.freeze({
  id: SYSTEM_USER_ID,
  email: 'system@feedbackd.invalid',
  username: 'system',
  name: 'feedbackd (system)',
  passwordHash: '',
  // The system answers to nobody: checks reserved for the owner pass too.
  isOwner: true,
  isVerified: true,
  isBlocked: false,
  tokenVersion: 0,
  notes: null,
  createdAt: '1970-01-01T00:00:00.000Z',
  updatedAt: '1970-01-01T00:00:00.000Z',
});

const ALL_PERMISSIONS: ReadonlySet<string> = new Set(PERMISSIONS);

/** The system as an actor: every permission, and a user that is not stored (see SYSTEM_USER). */
export function systemActor(): Actor {
  return { user: SYSTEM_USER, permissions: ALL_PERMISSIONS };
}

/**
 * The system acting through the owner, for a service that records who acted (a post's author, a
 * vote): every permission, with the owner's row as the user. 409 OWNER_MISSING while there is none.
 */
export async function ownerAsSystemActor(repos: Pick<Repositories, 'users'>): Promise<Actor> {
  const owner = await repos.users.getOwner();
  if (!owner) throw ownerMissing();
  return { user: owner, permissions: ALL_PERMISSIONS };
}

function ownerMissing(): AppError {
  const message =
    'This needs an owner to act as, and the board has none yet: create one (feedbackd user create --owner --email <address> --name <name>) ' +
    'or make a user the owner (feedbackd user make-owner <user>)';
  return new AppError('OWNER_MISSING', message, 409);
}
