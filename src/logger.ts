import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/** JSON lines for a log collector, or readable lines for a person; `auto` picks by whether stderr is a terminal. */
export type LogFormat = 'auto' | 'pretty' | 'json';

/** Log lines on stderr, so stdout stays for what a command prints. */
export function createLogger(level: string, format: LogFormat = 'json'): Logger {
  const readable = format === 'pretty' || (format === 'auto' && process.stderr.isTTY === true);
  if (!readable) return pino({ level, base: undefined }, pino.destination(2));
  // Synchronous, in this thread: a worker-thread transport would lose the last lines of a crash.
  const stream = pretty({ destination: 2, sync: true, colorize: process.stderr.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  return pino({ level, base: undefined }, stream);
}
