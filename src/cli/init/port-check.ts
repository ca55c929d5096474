import { createServer } from 'node:net';

/**
 * Why `serve` could not listen on host:port, found by listening there for a moment; null when it
 * can. Saved to config.json unchecked, a taken port would only fail at "start now".
 */
export function portProblem(host: string, port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(describe(error, host, port)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

function describe(error: NodeJS.ErrnoException, host: string, port: number): string {
  if (error.code === 'EADDRINUSE') return `Port ${port} is in use on ${host} by another program: choose another port, or stop that program first.`;
  if (error.code === 'EACCES') return `Port ${port} needs privileges feedbackd should not have: choose one above 1023 and put a reverse proxy in front.`;
  return `Cannot listen on ${host}:${port} (${error.code ?? error.message}): choose another port.`;
}
