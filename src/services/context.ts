import type { Config } from '../config/types.js';
import type { Logger } from '../logger.js';
import type { Storage, UserRow } from '../storage/types.js';
import type { BackgroundTasks } from './background.js';
import type { Mailer } from './mail/mailer.js';
import type { TokenSigner } from './tokens.js';
import type { HostLookup } from './webhooks/target-guard.js';

/** What every service function receives: the process's parts, never Koa or the CLI. */
export interface ServiceContext {
  storage: Storage;
  config: Config;
  tokens: TokenSigner;
  mailer: Mailer;
  logger: Logger;
  /** After-commit work such as mail; `close()` of the context waits for it. */
  background: BackgroundTasks;
  /** Resolves a webhook URL's host when the owner gives it; the system's resolver when absent (tests answer their own). */
  lookupWebhookHost?: HostLookup;
  /** Resolves the host of a sign-in's picture; the system's resolver when absent (tests answer their own). */
  lookupAvatarHost?: HostLookup;
  /** Certificates trusted for fetching sign-in pictures besides the system's; tests trust their own local server's. */
  avatarFetchCa?: string;
}

/** Who is acting: a signed-in user with effective permissions, or nobody (anonymous). */
export interface Actor {
  user: UserRow;
  /** Effective permissions (API.md §2.5). */
  permissions: ReadonlySet<string>;
}

export type Viewer = Actor | null;
