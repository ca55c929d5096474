import { chmod, lstat, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { assertPrivateDataDir } from '../config/dir-safety.js';
import { AppError, appError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { ServiceContext } from '../services/context.js';
import {
  ConnectionClosed,
  type ControlResponse,
  controlSocketPath,
  MAX_REQUEST_BYTES,
  parseRequest,
  REQUEST_TIMEOUT_MS,
  readLine,
  socketAddress,
  toControlError,
} from './control-protocol.js';
import { runOperation } from './operations.js';

/** The control socket of a running server (see control-protocol.ts). */
export interface ControlServer {
  /** Absolute path of the socket file. */
  readonly path: string;
  /** Stops accepting, lets operations under way answer, then removes the socket file. */
  close(): Promise<void>;
}

/** What a control server may be given instead of the defaults (tests shorten the wait, stub the operations). */
export interface ControlServerOptions {
  /** How long a client has to send its request line. */
  requestTimeoutMs?: number;
  /** Runs an operation; the registry's runOperation by default. */
  runOperation?: typeof runOperation;
}

/** How long the start waits for a leftover socket file to answer before calling it stale. */
const PROBE_TIMEOUT_MS = 1_000;

/**
 * Listens on `<data>/control.sock` with mode 0600 and runs the admin operations it receives
 * against `ctx`. The caller holds the data directory's lock, so a socket file that no server
 * answers on is a leftover of a crash and is replaced. Node cannot check a connecting peer's uid
 * (SO_PEERCRED needs a native addon): the socket's mode and the private data directory (refused
 * otherwise) keep other users out; only this user and root can connect.
 */
export async function startControlServer(ctx: ServiceContext, options: ControlServerOptions = {}): Promise<ControlServer> {
  const settings: ConnectionSettings = {
    ctx,
    requestTimeoutMs: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    runOperation: options.runOperation ?? runOperation,
  };
  const path = controlSocketPath(ctx.config.dataDir);
  const address = socketAddress(path);
  await assertPrivateDataDir(ctx.config.dataDir);
  await removeStaleSocket(path, address);
  const running = new Set<Promise<void>>();
  const waiting = new Set<Socket>();
  const server = createServer((socket) => {
    const served = serveConnection(socket, settings, waiting);
    running.add(served);
    void served.finally(() => running.delete(served));
  });
  await listenPrivately(server, address);
  await chmod(path, 0o600); // the umask made it so already; this holds even where umask is ignored
  ctx.logger.debug({ path }, 'control socket listening');
  let closing: Promise<void> | undefined;
  const close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of waiting) socket.destroy(); // connected but nothing asked yet
    await Promise.all([closed, ...running]);
    await rm(path, { force: true });
  };
  return { path, close: () => (closing ??= close()) };
}

/** Like startControlServer, but a failure only costs the socket: serving goes on, with a warning. */
export async function startControlServerOrWarn(ctx: ServiceContext): Promise<ControlServer | null> {
  try {
    return await startControlServer(ctx);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.logger.warn({ reason }, 'no control socket: admin commands cannot reach this server and will refuse to run while it serves');
    return null;
  }
}

/** The socket is created with mode 0600 from the start: the umask covers the moment of bind. */
function listenPrivately(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const previous = process.umask(0o177);
    try {
      // For a unix socket, listen() binds synchronously, so the umask applies to exactly this file.
      server.listen(address, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(previous);
    }
  });
}

interface ConnectionSettings {
  ctx: ServiceContext;
  requestTimeoutMs: number;
  runOperation: typeof runOperation;
}

/** Reads one request, runs it, answers, closes. A client that leaves early gets nothing. */
async function serveConnection(socket: Socket, settings: ConnectionSettings, waiting: Set<Socket>): Promise<void> {
  const { ctx } = settings;
  waiting.add(socket);
  // A client that goes away (EPIPE, ECONNRESET) must never take the server down with it.
  socket.on('error', (error) => ctx.logger.debug({ err: error }, 'control connection failed'));
  socket.setTimeout(settings.requestTimeoutMs, () => socket.destroy());
  let response: ControlResponse;
  let op: string | undefined;
  try {
    const line = await readLine(socket, MAX_REQUEST_BYTES);
    waiting.delete(socket);
    // The operation itself may take long (a backup): only the request had to be quick.
    socket.setTimeout(0);
    const request = parseRequest(line);
    op = request.op;
    const started = performance.now();
    response = { ok: true, result: await settings.runOperation(ctx, request.op, request.args) };
    ctx.logger.info({ op, ms: Math.round(performance.now() - started) }, 'admin operation');
  } catch (error) {
    waiting.delete(socket);
    if (error instanceof ConnectionClosed) {
      socket.destroy();
      return;
    }
    response = { ok: false, error: toControlError(reportable(error, ctx.logger, op)) };
  }
  socket.end(`${JSON.stringify(response)}\n`);
}

/** AppErrors go back as they are; anything else is logged here and answered as SERVER_ERROR. */
function reportable(error: unknown, logger: Logger, op: string | undefined): AppError {
  if (error instanceof AppError) {
    logger.info({ op, code: error.code }, 'admin operation refused');
    return error;
  }
  logger.error({ op, err: error }, 'admin operation failed');
  return appError('SERVER_ERROR');
}

/** Removes a socket file nobody answers on; refuses to touch anything else. */
async function removeStaleSocket(path: string, address: string): Promise<void> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (info === null) return;
  if (!info.isSocket()) {
    throw new AppError('CONTROL_SOCKET_BLOCKED', `${path} exists and is not a socket: move it away and restart`, 500);
  }
  if (await answers(address)) {
    throw new AppError('CONTROL_SOCKET_IN_USE', `Another process answers on ${path}: stop it and restart`, 500);
  }
  await rm(path, { force: true });
}

/** Whether something accepts connections on the socket. */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(address);
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
