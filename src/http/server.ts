import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

/** A listening HTTP server. */
export interface RunningServer {
  url: string;
  host: string;
  /** The real port (useful when asked for port 0). */
  port: number;
  /** Stops accepting connections, lets in-flight requests finish, closes idle keep-alive sockets, then resolves. */
  close(): Promise<void>;
}

/** Listens with the app; listen errors such as EADDRINUSE are rejected as they are, for the CLI to word. */
export async function startServer(app: Koa, options: { host: string; port: number }): Promise<RunningServer> {
  const handlers = trackHandlers(app.callback());
  const server = createServer(handlers.handle);
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
