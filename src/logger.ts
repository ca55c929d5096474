import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON lines on stderr, so stdout stays for what a command prints. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined }, pino.destination(2));
}
