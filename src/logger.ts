import { writeSync } from 'node:fs';
import { pino, type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';

export type { Logger };

/** JSON lines for a log collector, or readable lines for a person; `auto` picks by whether stderr is a terminal. */
export type LogFormat = 'auto' | 'pretty' | 'json';

/** Whether lines in this format are for a person (pretty, or auto on a terminal) rather than a collector. */
export function isReadableFormat(format: LogFormat): boolean {
  return format === 'pretty' || (format === 'auto' && process.stderr.isTTY === true);
}

/** Log lines on stderr, so stdout stays for what a command prints. */
export function createLogger(level: string, format: LogFormat = 'json'): Logger {
  if (!isReadableFormat(format)) return pino({ level, base: undefined }, pino.destination(2));
  const pretty = prettyFactory({ colorize: process.stderr.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  // Formatted and written in the call itself: pino-pretty's stream passes lines on later, and the
  // last ones (a crash's, "stopped") were lost when the process exited.
  return pino({ level, base: undefined }, { write: (line: string) => writeSync(2, pretty(line)) });
}
