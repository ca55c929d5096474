import type { Config } from '../../config/types.js';
import type { Logger } from '../../logger.js';
import type { AuthUser } from '../../services/accounts.js';
import type { ServiceContext } from '../../services/context.js';
import { createServiceContext } from '../../services/create-context.js';
import type { OpenOptions } from '../../storage/open.js';
import { resendVerificationEmail } from '../../services/email-verification.js';
import { getSetupStatus, setupSite } from '../../services/setup.js';
import type { CompleteAnswers } from './answers.js';

/** Opens the services (and so the data dir lock) just for `work`, then closes them. */
async function withServices<T>(config: Config, logger: Logger, work: (ctx: ServiceContext) => Promise<T>, open: OpenOptions = {}): Promise<T> {
  const ctx = await createServiceContext(config, logger, open);
  try {
    return await work(ctx);
  } finally {
    await ctx.close();
  }
}

/**
 * Whether an owner exists in this data dir (also fails early when a server holds the lock, or when
 * the directory belongs to another database, unless `open.claim`: init --force).
 */
export async function isSetUp(config: Config, logger: Logger, open: OpenOptions = {}): Promise<boolean> {
  return withServices(config, logger, async (ctx) => (await getSetupStatus(ctx)).is_setup, open);
}

/** What became of the confirmation mail: sent (or written to the outbox), or the transport's error. */
export type MailOutcome = { ok: true } | { ok: false; error: string };

/**
 * Creates the owner through the same service as `POST /auth/setup`; returns the user, the site
 * title and what became of the confirmation mail (setup sends it in the background: init waits
 * for it and reads the mail log, so it never claims a mail went out when it did not).
 */
export async function createOwner(
  config: Config,
  logger: Logger,
  answers: CompleteAnswers,
): Promise<{ user: AuthUser; siteTitle: string; mail: MailOutcome }> {
  return withServices(config, logger, async (ctx) => {
    const { email, password, name, siteTitle } = answers;
    const user = await setupSite(ctx, { email, password, name, siteTitle });
    await ctx.background.idle();
    return { user, siteTitle: (await ctx.storage.settings.get()).title, mail: await lastMailTo(ctx, user.email) };
  });
}

/** Sends the owner a new confirmation link (after the mail settings were fixed). */
export async function resendConfirmation(config: Config, logger: Logger, email: string): Promise<MailOutcome> {
  return withServices(config, logger, async (ctx) => {
    const owner = await ctx.storage.users.getByEmail(email);
    if (!owner) throw new Error(`no account for ${email}`);
    await resendVerificationEmail(ctx, { user: owner, permissions: new Set() });
    await ctx.background.idle();
    return lastMailTo(ctx, email);
  });
}

async function lastMailTo(ctx: ServiceContext, email: string): Promise<MailOutcome> {
  const [entry] = (await ctx.storage.mailLog.list(20)).filter((row) => row.to === email);
  if (!entry || entry.status === 'sent') return { ok: true };
  return { ok: false, error: entry.error ?? 'unknown error' };
}
