import { AppError } from '../errors.js';
import { addAuthProvider, listAuthProviders, removeAuthProvider, updateAuthProvider } from '../services/auth-providers/providers.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { systemActor } from './system-actor.js';

/**
 * `feedbackd auth provider …`: the sign-in providers through the same services as the
 * `/sso/providers` routes; the system acts (an owner, which they need).
 */
export const AUTH_PROVIDER_OPERATIONS: OperationTable = {
  'auth.provider.add': (ctx, args) => addAuthProvider(ctx, systemActor(), args),
  'auth.provider.list': (ctx) => listAuthProviders(ctx, systemActor()),
  'auth.provider.enable': (ctx, args) => naming(args, () => updateAuthProvider(ctx, systemActor(), args.provider, { enabled: true })),
  'auth.provider.disable': (ctx, args) => naming(args, () => updateAuthProvider(ctx, systemActor(), args.provider, { enabled: false })),
  'auth.provider.remove': (ctx, args) => naming(args, () => removeAuthProvider(ctx, systemActor(), args.provider)),
};

/** The operation, with AUTH_PROVIDER_NOT_FOUND naming the id the operator typed, as `Webhook not found: x` does. */
async function naming<T>(args: OperationArgs, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'AUTH_PROVIDER_NOT_FOUND') throw error;
    throw new AppError(error.code, `${error.message}: ${String(args.provider)}`, error.status);
  }
}
