import { BlockList, isIP } from 'node:net';
import type { LoadedConfig } from '../../config/load.js';
import { redactCredentials } from '../../config/redact.js';
import type { Logger } from '../../logger.js';
import type { ServiceContext } from '../../services/context.js';
import { getSetupStatus } from '../../services/setup.js';
import { shellQuote } from '../init/summary.js';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether listening on `host` keeps the server to this machine: 127.0.0.0/8, ::1 (IPv4-mapped forms
 * included) or `localhost`. 0.0.0.0 and :: listen on every interface; any other name may resolve to
 * any address, so it counts as reachable from elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  if (bare === 'localhost' || bare === 'localhost.') return true;
  const family = isIP(bare);
  if (family === 0) return false;
  try {
    return LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    // An address BlockList cannot read (an IPv6 zone such as fe80::1%eth0) is not a loopback one.
    return false;
  }
}

/** What the warning names: where the server listens and how to set the board up from the terminal. */
export interface SetupWarningFacts {
  host: string;
  /** The real port (not 0). */
  port: number;
  dataDir: string;
  /** The configured public URL; null when it is only the default. */
  publicUrl: string | null;
  /** The PostgreSQL URL init must be given too (it was not taken from config.json); null for none. */
  databaseUrlToGive: string | null;
  /** JSON-file engine: init cannot open the data dir while this server holds its lock. */
  holdsLock: boolean;
}

/** The warning line, the same at start and at every repeat. */
export function setupWarningMessage(facts: SetupWarningFacts): string {
  const address = facts.host.includes(':') ? `[${facts.host}]:${facts.port}` : `${facts.host}:${facts.port}`;
  const url = facts.publicUrl === null ? '' : ` (public URL ${facts.publicUrl})`;
  const database = facts.databaseUrlToGive === null ? '' : ` --database ${shellQuote(redactCredentials(facts.databaseUrlToGive))}`;
  const init = `feedbackd init --data ${shellQuote(facts.dataDir)}${database}`;
  const howTo = facts.holdsLock ? `stop this server and run \`${init}\`` : `run \`${init}\``;
  return (
    `this board is not set up and listens on ${address}${url}, beyond this machine: ` +
    `the first caller of POST /api/v1/auth/setup becomes its owner. Set it up now, or ${howTo} to set it up from the terminal`
  );
}

/** A running warning; `stop()` clears its timer and waits for a check under way. */
export interface SetupWarning {
  stop(): Promise<void>;
}

const NONE: SetupWarning = { stop: async () => {} };

/**
 * Logs `message` now and every `intervalMs` while `isSetUp()` answers false; stops for good once
 * it answers true. A check that fails (storage unavailable) is skipped until the next tick. The
 * timer never keeps the process alive.
 */
export function repeatSetupWarning(options: {
  isSetUp: () => Promise<boolean>;
  logger: Logger;
  intervalMs: number;
  message: string;
  fields: Record<string, unknown>;
}): SetupWarning {
  const { logger } = options;
  let stopped = false;
  let running: Promise<void> | undefined;
  const finish = () => {
    stopped = true;
    clearInterval(timer);
  };
  const check = async () => {
    let setUp: boolean;
    try {
      setUp = await options.isSetUp();
    } catch (error) {
      logger.debug({ err: error }, 'setup warning: could not read whether the board is set up; tried again at the next tick');
      return;
    }
    if (stopped) return;
    if (setUp) finish();
    else logger.warn(options.fields, options.message);
  };
  const tick = () => {
    if (stopped || running) return;
    running = check().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      finish();
      await running;
    },
  };
}

/**
 * `serve`'s defence in depth: a board with no owner, listening beyond loopback, can be claimed by
 * whoever reaches it first; the log says so until setup is done. Nothing on loopback.
 */
export function warnWhileNotSetUp(ctx: ServiceContext, loaded: LoadedConfig, listening: { host: string; port: number }): SetupWarning {
  const { config, sources } = loaded;
  if (isLoopbackHost(listening.host)) return NONE;
  const publicUrl = sources.publicUrl.kind === 'default' ? null : config.publicUrl;
  const facts: SetupWarningFacts = {
    host: listening.host,
    port: listening.port,
    dataDir: config.dataDir,
    publicUrl,
    databaseUrlToGive: config.databaseUrl !== null && sources.databaseUrl.kind !== 'file' ? config.databaseUrl : null,
    holdsLock: config.databaseUrl === null,
  };
  return repeatSetupWarning({
    isSetUp: async () => (await getSetupStatus(ctx)).is_setup,
    logger: ctx.logger,
    intervalMs: config.setupWarningIntervalMs,
    message: setupWarningMessage(facts),
    fields: { host: listening.host, port: listening.port, dataDir: config.dataDir, ...(publicUrl ? { publicUrl } : {}) },
  });
}
