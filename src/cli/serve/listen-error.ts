import { AppError } from '../../errors.js';

/** Words a listen failure (EADDRINUSE…) as one actionable line; other errors pass through. */
export function listenError(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const fail = (message: string) => new AppError('LISTEN_FAILED', message, 500);
  switch (code) {
    case 'EADDRINUSE':
      return fail(`Port ${port} on ${host} is already in use: stop the other process or choose another port with --port`);
    case 'EACCES':
      return fail(`No permission to listen on ${host} port ${port}: choose a port above 1023 with --port`);
    case 'EADDRNOTAVAIL':
      return fail(`Cannot listen on ${host}: this machine has no such address; check --host`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return fail(`Cannot resolve the host name ${host}: check --host`);
    default:
      return error;
  }
}
