/*
 * How a finished provider sign-in reaches the web app: the callback seals its outcome (the
 * account, or the refusal in words) into a short-lived cookie scoped to the exchange route and
 * sends the browser to the web app's landing page, which collects it with `POST
 * /auth/oidc/exchange`. No access token is ever in a URL (logs, Referer, history), and the page
 * shows the API's own words for a refusal.
 */
import { AppError, appError } from '../../errors.js';
import { type AuthUser, toAuthUser } from '../accounts.js';
import type { ServiceContext } from '../context.js';

const HANDOFF_PURPOSE = 'oidc-handoff';

type Outcome = { userId: string; next: string } | { code: string; message: string; status: number; next: string };

export function sealSignedIn(ctx: ServiceContext, userId: string, next: string): string {
  return ctx.tokens.seal(HANDOFF_PURPOSE, { userId, next } satisfies Outcome, ctx.config.oidcHandoffTtlSeconds);
}

export function sealRefusal(ctx: ServiceContext, error: AppError, next: string): string {
  const outcome: Outcome = {
    code: error.code,
    message: error.message,
    status: error.status,
    next,
  };
  return ctx.tokens.seal(HANDOFF_PURPOSE, outcome, ctx.config.oidcHandoffTtlSeconds);
}

/** `POST /auth/oidc/exchange`: the session and where to land, or the refusal the callback met. */
export async function exchangeHandoff(ctx: ServiceContext, sealed: string | undefined): Promise<{ user: AuthUser; next: string }> {
  const outcome = sealed ? (ctx.tokens.unseal(HANDOFF_PURPOSE, sealed) as Outcome | null) : null;
  if (!outcome) throw appError('OIDC_LOGIN_EXPIRED');
  if ('code' in outcome) throw new AppError(outcome.code, outcome.message, outcome.status);
  const user = await ctx.storage.users.get(outcome.userId);
  if (!user) throw appError('OIDC_LOGIN_EXPIRED');
  // Blocked between the callback and this request: the block wins.
  if (user.isBlocked) throw appError('USER_BLOCKED');
  return { user: toAuthUser(ctx, user), next: outcome.next };
}
