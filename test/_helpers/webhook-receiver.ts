import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook` */
  url: string;
  received: ReceivedHook[];
  /** Resolves once at least `n` requests arrived; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

export interface WebhookReceiverOptions {
  /** Answers this long after each request arrived (a slow receiver); at once by default. */
  answerAfterMs?: number;
}

type Reply = number | 'hang';

/**
 * A webhook receiver on loopback. `answer` decides each reply from the request's position (0-based)
 * and may return 'hang' to keep the connection open without answering, or a promise of the reply
 * (to answer several requests at one moment).
 */
export async function startWebhookReceiver(
  answer: (index: number, hook: ReceivedHook) => Reply | Promise<Reply> = () => 200,
  { answerAfterMs = 0 }: WebhookReceiverOptions = {},
): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const hanging = new Set<ServerResponse>();
  const late = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hook = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      const replied = answer(received.length, hook);
      received.push(hook);
      void Promise.resolve(replied).then((reply) => respond(response, reply));
    });
  });
  const respond = (response: ServerResponse, reply: Reply) => {
    if (reply === 'hang') {
      hanging.add(response);
      return;
    }
    const send = () => response.writeHead(reply, { 'content-type': 'text/plain' }).end(reply < 300 ? 'ok' : 'no');
    if (answerAfterMs === 0) {
      send();
      return;
    }
    const timer = setTimeout(() => {
      late.delete(timer);
      send();
    }, answerAfterMs);
    late.add(timer);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    async waitFor(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`webhook receiver: ${received.length} of ${n} requests after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received;
    },
    async close() {
      for (const timer of late) clearTimeout(timer);
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` until it returns a value other than undefined; throws after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
