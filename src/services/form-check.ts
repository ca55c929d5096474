import { appError } from '../errors.js';
import type { ServiceContext } from './context.js';
import type { Body } from './validation/fields.js';

/*
 * The sign-up and new-post forms' checks against bots (issue 31 §2), on top of the rate limits.
 * The web app asks for a form token when the form opens (`GET /forms/token`: the issue time,
 * sealed with the install's secret) and sends it back as `formToken`, with a honeypot field
 * (`website`) that people never see and so never fill. The server refuses a filled honeypot
 * always; a token younger than `formMinFillMs` (too quick for a person) or forged or expired;
 * and, while the site setting `requireFormToken` is on, a request without a token (a bot posting
 * to the API directly). Without that setting, LogChimp clients and scripts that send no token keep working.
 */

const PURPOSE = 'form token';

/**
 * `GET /forms/token`: a token naming now, good for `formTokenTtlSeconds`, and how long a form must
 * stay open before it is sent with it (`readyInMs`), so that the web app waits out the rest of
 * `formMinFillMs` for a quick person instead of having them refused.
 */
export function issueFormToken(ctx: ServiceContext): { token: string; readyInMs: number } {
  return { token: ctx.tokens.seal(PURPOSE, { issuedAt: Date.now() }, ctx.config.formTokenTtlSeconds), readyInMs: ctx.config.formMinFillMs };
}

/** The checks, in order: the honeypot, then the token (present: valid and old enough; absent: allowed unless required). */
export async function checkForm(ctx: ServiceContext, body: Body): Promise<void> {
  const honeypot = body.website;
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') throw appError('FORM_CHECK_FAILED');
  const token = body.formToken;
  if (token === undefined || token === null || token === '') {
    if ((await ctx.storage.settings.get()).requireFormToken === true) throw appError('FORM_EXPIRED');
    return;
  }
  const opened = typeof token === 'string' ? ctx.tokens.unseal(PURPOSE, token) : null;
  const issuedAt = (opened as { issuedAt?: unknown } | null)?.issuedAt;
  if (typeof issuedAt !== 'number') throw appError('FORM_EXPIRED');
  if (Date.now() - issuedAt < ctx.config.formMinFillMs) throw appError('FORM_CHECK_FAILED');
}
