import { AppError } from '../errors.js';
import { createSsoSecret, listSsoSecrets, revokeSsoSecret } from '../services/sso/secrets.js';
import type { OperationTable } from './operations.js';
import { systemActor } from './system-actor.js';

/**
 * `feedbackd sso secret …`: the owner's single sign-on secrets through the same services as the
 * `/sso/secrets` routes; the system acts (an owner, which they need).
 */
export const SSO_OPERATIONS: OperationTable = {
  'sso.secret.create': (ctx) => createSsoSecret(ctx, systemActor()),
  'sso.secret.list': (ctx) => listSsoSecrets(ctx, systemActor()),
  'sso.secret.revoke': async (ctx, args) => {
    try {
      return await revokeSsoSecret(ctx, systemActor(), args.secret);
    } catch (error) {
      // Name the id the operator typed, as `Webhook not found: x` does.
      if (!(error instanceof AppError) || error.code !== 'SSO_SECRET_NOT_FOUND') throw error;
      throw new AppError(error.code, `${error.message}: ${String(args.secret)}`, error.status);
    }
  },
};
