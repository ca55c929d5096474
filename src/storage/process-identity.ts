import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/*
 * Who a pid really is, from Linux's /proc. A pid alone names a process only until it exits: after a
 * crash or a reboot the same number may belong to anything (pid 1 after a reboot). The boot id and
 * the process's start time (clock ticks since boot) together name exactly one process ever run.
 */

/** What identifies a process beyond its pid: the boot it runs in and when it started within that boot. */
export interface ProcessIdentity {
  bootId: string;
  startTicks: number;
}

const BOOT_ID_FILE = '/proc/sys/kernel/random/boot_id';
/** `starttime` is field 22 of /proc/<pid>/stat; fields after `comm` (field 2) start at field 3. */
const START_TIME_FIELD = 22;
const FIRST_FIELD_AFTER_COMM = 3;

function readProcFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** This machine's boot id; undefined without /proc (not Linux), where only the pid can be checked. */
export function currentBootId(): string | undefined {
  return readProcFile(BOOT_ID_FILE)?.trim() || undefined;
}

/**
 * When `pid` started, in clock ticks since boot; undefined when /proc does not show it (gone, or
 * hidden by /proc's hidepid option). `comm` may hold spaces and parentheses: fields are counted from
 * the last ')'.
 */
export function startTicksOf(pid: number | 'self'): number | undefined {
  const stat = readProcFile(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[START_TIME_FIELD - FIRST_FIELD_AFTER_COMM]);
  return Number.isSafeInteger(ticks) ? ticks : undefined;
}

/** This process's identity; undefined without /proc. */
export function currentIdentity(): ProcessIdentity | undefined {
  const bootId = currentBootId();
  const startTicks = startTicksOf('self');
  return bootId === undefined || startTicks === undefined ? undefined : { bootId, startTicks };
}

/** Whether a process with this pid exists (one of another user counts: signalling it is refused, not failed). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `pid` could be a feedbackd process: node running something, or anything naming feedbackd.
 * Undefined when /proc does not show its command line.
 */
export function mayBeFeedbackd(pid: number): boolean | undefined {
  const cmdline = readProcFile(`/proc/${pid}/cmdline`);
  if (cmdline === undefined) return undefined;
  const [program = '', ...args] = cmdline.split('\0');
  return /^node(js)?(\d+)?$/.test(basename(program)) || [program, ...args].some((arg) => arg.includes('feedbackd'));
}
