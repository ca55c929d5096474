import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { ConnectionPolicy } from './connections.js';

/** A listening HTTP server. */
export interface RunningServer {
  url: string;
  host: string;
  /** The real port (useful when asked for port 0). */
  port: number;
  /** Stops accepting connections, lets in-flight requests finish, closes idle keep-alive sockets, then resolves. */
  close(): Promise<void>;
}

// createApp knows the configuration; its callers hand startServer only the app.
const policies = new WeakMap<Koa, ConnectionPolicy>();

/** The timeouts and `clientError` answers the app's server will use (createApp sets them). */
export function setConnectionPolicy(app: Koa, policy: ConnectionPolicy): void {
  policies.set(app, policy);
}

/** Listens with the app; listen errors such as EADDRINUSE are rejected as they are, for the CLI to word. */
export async function startServer(app: Koa, options: { host: string; port: number }): Promise<RunningServer> {
  const handlers = trackHandlers(app.callback());
  const policy = policies.get(app);
  const server = createServer(policy ? serverOptions(policy) : {}, handlers.handle);
  if (policy) server.on('clientError', policy.onClientError);
  const closeServer = gracefulShutdown(server);
  const shutDown = async () => {
    await closeServer();
    await handlers.settled();
  };
  await listen(server, options);
  const { port } = server.address() as AddressInfo;
  const urlHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { url: `http://${urlHost}:${port}`, host: options.host, port, close: shutDown };
}

/**
 * Node's options for a policy. Node checks the header and request timeouts on a timer (every 30 s
 * by default, which would let a 10 s timeout last 40 s): here every tenth of the shorter one, at
 * most every second. The app itself answers a request without Host (request-context.ts).
 */
function serverOptions(policy: ConnectionPolicy): ServerOptions {
  const requestTimeout = policy.requestTimeoutMs;
  // Node refuses a headers timeout longer than the request timeout; the whole request bounds its headers.
  const headersTimeout = Math.min(policy.headersTimeoutMs, requestTimeout);
  return {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: policy.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.ceil(headersTimeout / 10)),
    requireHostHeader: false,
  };
}

function listen(server: Server, options: { host: string; port: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * A client that disconnects ends its connection while its request is still being handled; the
 * server's close() no longer waits for it. Shutdown waits for the handlers themselves, so none is
 * cut off by the storage closing under it.
 */
function trackHandlers(handler: Handler): { handle: Handler; settled(): Promise<void> } {
  const running = new Set<Promise<void>>();
  return {
    handle: (request, response) => {
      const handled = handler(request, response);
      running.add(handled);
      const forget = () => running.delete(handled);
      handled.then(forget, forget);
      return handled;
    },
    settled: async () => {
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * close() stops accepting and drops connections idle right now; a keep-alive socket still serving
 * a request becomes idle once its response is sent, so close it then instead of waiting for
 * keepAliveTimeout. The hook is installed up front because in-flight requests predate the close.
 */
function gracefulShutdown(server: Server): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const closeIdleSoon = () => setImmediate(() => server.closeIdleConnections());
  server.on('request', (_request, response) => {
    response.on('finish', () => {
      if (closing) closeIdleSoon();
    });
  });
  return () => {
    closing ??= new Promise((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeIdleConnections();
    });
    return closing;
  };
}
