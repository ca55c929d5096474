import type { Config } from '../../config/types.js';
import type { Logger } from '../../logger.js';
import type { AuthUser } from '../../services/accounts.js';
import type { ServiceContext } from '../../services/context.js';
import { createServiceContext } from '../../services/create-context.js';
import { getSetupStatus, setupSite } from '../../services/setup.js';
import type { CompleteAnswers } from './answers.js';

/** Opens the services (and so the data dir lock) just for `work`, then closes them. */
async function withServices<T>(config: Config, logger: Logger, work: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  const ctx = await createServiceContext(config, logger);
  try {
    return await work(ctx);
  } finally {
    await ctx.close();
  }
}

/** Whether an owner exists in this data dir (also fails early when a server holds the lock). */
export async function isSetUp(config: Config, logger: Logger): Promise<boolean> {
  return withServices(config, logger, async (ctx) => (await getSetupStatus(ctx)).is_setup);
}

/** Creates the owner through the same service as `POST /auth/setup`; returns the user and the site title. */
export async function createOwner(
  config: Config,
  logger: Logger,
  answers: CompleteAnswers,
): Promise<{ user: AuthUser; siteTitle: string }> {
  return withServices(config, logger, async (ctx) => {
    const { email, password, name, siteTitle } = answers;
    const user = await setupSite(ctx, { email, password, name, siteTitle });
    return { user, siteTitle: (await ctx.storage.settings.get()).title };
  });
}
