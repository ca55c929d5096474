import { chmod } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { ExecutionContext } from 'ava';

/** What reached a fake listener: connections made and bytes received. */
export interface FakeListener {
  connections(): number;
  received(): string;
}

/**
 * A listener of the test's own on `path` with `mode`, as another local user could put in place of
 * control.sock; it records what reaches it, so a test can show that nothing did.
 */
export async function fakeListener(t: ExecutionContext, path: string, mode: number): Promise<FakeListener> {
  let connections = 0;
  let received = '';
  const server = createServer((socket) => {
    connections++;
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  await chmod(path, mode);
  return { connections: () => connections, received: () => received };
}
