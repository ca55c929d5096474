import { createServer } from 'node:net';
import { AppError } from '../../errors.js';
import type { CliIo } from '../io.js';

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

/**
 * The check the wizard makes as a port is typed, for a --port given without a terminal, where
 * nobody can type another: a port another program holds stops init before anything is written.
 * With --no-serve it is only a warning, since serve starts later, when the port may be free.
 */
export async function checkGivenPort(io: CliIo, host: string, port: number | undefined, serve: boolean | undefined): Promise<void> {
  const problem = port === undefined || port === 0 ? null : await portProblem(host, port);
  if (problem === null) return;
  if (serve !== false) throw new AppError('INIT_INPUT_INVALID', problem, 400);
  io.stderr.write(`warning: ${problem} It is saved anyway (--no-serve): serve cannot start until the port is free, or another is set (feedbackd config set port <port>).\n`);
}
