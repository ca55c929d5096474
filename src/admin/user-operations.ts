import { deleteUser } from '../services/user-admin-delete.js';
import { listAllUsers, showUser } from '../services/user-admin-lookup.js';
import {
  createUser,
  issueAccessToken,
  makeOwner,
  setUserBlocked,
  setUserPassword,
  verifyUser,
} from '../services/user-admin.js';
import type { OperationTable } from './operations.js';

/**
 * `feedbackd user …` and `feedbackd token`. `user` (and `reassignTo`) name a user by id or email;
 * the services validate every argument.
 */
export const USER_OPERATIONS: OperationTable = {
  'user.list': (ctx) => listAllUsers(ctx),
  'user.show': (ctx, args) => showUser(ctx, args.user),
  'user.create': (ctx, args) => createUser(ctx, args),
  'user.setPassword': (ctx, args) => setUserPassword(ctx, args.user, args.password),
  'user.block': (ctx, args) => setUserBlocked(ctx, args.user, true),
  'user.unblock': (ctx, args) => setUserBlocked(ctx, args.user, false),
  'user.verify': (ctx, args) => verifyUser(ctx, args.user),
  'user.delete': (ctx, args) => deleteUser(ctx, args.user, args.reassignTo),
  'user.makeOwner': (ctx, args) => makeOwner(ctx, args.user),
  'token.create': (ctx, args) => issueAccessToken(ctx, args.user),
};
