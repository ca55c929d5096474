import { AppError } from '../errors.js';
import { addAuthProvider, listAuthProviders, removeAuthProvider } from '../services/auth-providers/providers.js';
import type { OperationTable } from './operations.js';
import { systemActor } from './system-actor.js';

/**
 * `feedbackd auth provider …`: the sign-in providers through the same services as the
 * `/sso/providers` routes; the system acts (an owner, which they need).
 */
export const AUTH_PROVIDER_OPERATIONS: OperationTable = {
  'auth.provider.add': (ctx, args) => addAuthProvider(ctx, systemActor(), args),
  'auth.provider.list': (ctx) => listAuthProviders(ctx, systemActor()),
  'auth.provider.remove': async (ctx, args) => {
    try {
      return await removeAuthProvider(ctx, systemActor(), args.provider);
    } catch (error) {
      // Name the id the operator typed, as `Webhook not found: x` does.
      if (!(error instanceof AppError) || error.code !== 'AUTH_PROVIDER_NOT_FOUND') throw error;
      throw new AppError(error.code, `${error.message}: ${String(args.provider)}`, error.status);
    }
  },
};
