import { type ControlServer, startControlServerOrWarn } from '../../admin/control-server.js';
import { ensureDataDir } from '../../config/data-dir.js';
import { type LoadedConfig, resolveConfig } from '../../config/load.js';
import { basePath } from '../../config/public-url.js';
import { createApp } from '../../http/app.js';
import { type RunningServer, startServer } from '../../http/server.js';
import { createLogger, type Logger } from '../../logger.js';
import { createServiceContext } from '../../services/create-context.js';
import { type OutboxWorker, startOutboxWorker } from '../../services/outbox/worker.js';
import { type CliRun, say } from '../io.js';
import { listenError } from './listen-error.js';
import { type SetupWarning, warnWhileNotSetUp } from './setup-warning.js';
import { waitForStopSignal } from './stop-signal.js';

type ServiceContextWithClose = Awaited<ReturnType<typeof createServiceContext>>;

/** debug and trace ask for details, stacks included. */
export function isVerbose(logLevel: string): boolean {
  return logLevel === 'debug' || logLevel === 'trace';
}

async function listenWith(ctx: ServiceContextWithClose): Promise<RunningServer> {
  const { host, port } = ctx.config;
  try {
    return await startServer(createApp(ctx), { host, port });
  } catch (error) {
    await ctx.close();
    throw listenError(error, host, port);
  }
}

/** With port 0 the real port is known only now: a default public URL must follow it, or mail links break. */
function followRealPort(loaded: LoadedConfig, server: RunningServer): void {
  if (loaded.sources.publicUrl.kind === 'default' && loaded.config.port === 0) {
    loaded.config.publicUrl = `http://localhost:${server.port}`;
  }
}

/**
 * Listens for SIGINT and SIGTERM from the start. Installed only once the server was up, a signal
 * sent as soon as "listening" was printed found no handler yet and killed the process outright
 * (no clean shutdown, no compaction): a supervisor or a test reacts within microseconds.
 */
function stopRequests(logger: Logger): Promise<NodeJS.Signals> {
  return waitForStopSignal(() => {
    logger.warn('second stop signal: exiting without a clean shutdown');
    process.exit(1);
  });
}

async function stopOnSignal(
  stopRequested: Promise<NodeJS.Signals>,
  server: RunningServer,
  control: ControlServer | null,
  setupWarning: SetupWarning,
  worker: OutboxWorker,
  ctx: ServiceContextWithClose,
  logger: Logger,
): Promise<void> {
  const signal = await stopRequested;
  logger.info({ signal }, 'stopping: finishing in-flight requests');
  await setupWarning.stop();
  // Admin operations under way finish before the storage closes.
  await Promise.all([server.close(), control?.close()]);
  // Attempts under way are recorded; events not yet sent stay stored for the next start.
  await worker.stop();
  await ctx.close();
  logger.info('stopped');
}

/** `feedbackd serve`: listens until SIGINT or SIGTERM, then shuts down cleanly. */
export async function runServe(flags: Readonly<Record<string, unknown>>, run: CliRun): Promise<void> {
  const loaded = await resolveConfig({ flags, env: run.io.env });
  const { config } = loaded;
  run.showStacks = isVerbose(config.logLevel);
  const logger = createLogger(config.logLevel, config.logFormat);
  // A signal during start-up is kept: the server stops cleanly as soon as it is up.
  const stopRequested = stopRequests(logger);
  await ensureDataDir(config.dataDir);
  const ctx = await createServiceContext(config, logger);
  const server = await listenWith(ctx);
  // After the HTTP server listens, before saying so: a command that finds the socket finds a server that is up.
  // On PostgreSQL, admin commands open the database themselves, and several servers may share a data dir.
  const control = config.databaseUrl === null ? await startControlServerOrWarn(ctx) : null;
  followRealPort(loaded, server);
  // Under a sub-path (issue 33 §2) the server's own root answers 404: the log says where the board is.
  const base = basePath(config.publicUrl);
  logger.info({ url: server.url, dataDir: config.dataDir, ...(base ? { basePath: base, proxyStripsPath: config.proxyStripsPath } : {}) }, 'listening');
  say(run.io, `feedbackd listening on ${server.url}`);
  if (base) say(run.io, boardAddressLine(server.url, base, config));
  // Defence in depth: an unclaimed board reachable from elsewhere says so until someone sets it up.
  const setupWarning = warnWhileNotSetUp(ctx, loaded, server);
  const worker = startOutboxWorker(ctx);
  await stopOnSignal(stopRequested, server, control, setupWarning, worker, ctx, logger);
}

/**
 * Under a sub-path, the address above answers 404 at its root: this line says where the board is,
 * on this machine when the proxy passes the prefix, else only through the proxy that strips it.
 */
function boardAddressLine(listening: string, base: string, config: { publicUrl: string; proxyStripsPath: boolean }): string {
  if (config.proxyStripsPath) return `the board is at ${config.publicUrl}/ through your proxy, which takes ${base} off (proxyStripsPath)`;
  return `the board is at ${listening}${base}/ (publicly ${config.publicUrl}/)`;
}
