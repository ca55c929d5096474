import { writePreUpgradeBackup } from '../admin/pre-upgrade-backup.js';
import type { Config } from '../config/types.js';
import { readOrCreateSecret } from '../config/secret.js';
import type { Logger } from '../logger.js';
import { type OpenOptions, openStorage } from '../storage/open.js';
import { BackgroundTasks } from './background.js';
import type { ServiceContext } from './context.js';
import { createMailer } from './mail/create-mailer.js';
import { createTokenSigner } from './tokens.js';

/** Opens storage and builds every part the services need; `close()` releases them. */
export async function createServiceContext(
  config: Config,
  logger: Logger,
  openOptions: OpenOptions = {},
): Promise<ServiceContext & { close(): Promise<void> }> {
  const secret = config.secret ?? (await readOrCreateSecret(config.dataDir));
  // An older database is upgraded in place; a backup file of it is written first (any process: serve, a command).
  const storage = await openStorage(config, logger, (old, engine) => writePreUpgradeBackup(config, old, engine), openOptions);
  const mailer = createMailer(config, storage, logger);
  const tokens = createTokenSigner(secret, config.tokenTtlSeconds);
  const background = new BackgroundTasks();
  return {
    storage,
    config,
    tokens,
    mailer,
    logger,
    background,
    async close() {
      await background.idle();
      await mailer.close();
      await storage.close();
    },
  };
}
