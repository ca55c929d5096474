import { outboxDir } from '../../services/mail/outbox.js';
import { AppError } from '../../errors.js';
import { counted, printFields, printJson, printLines } from '../admin/output.js';
import { existingDataDir } from '../existing-data-dir.js';
import type { CliRun } from '../io.js';
import { newestOutboxMessages, type OutboxMessage } from './outbox-messages.js';

/** How many messages `mail outbox` shows without --last: a few sign-ups' worth. */
export const DEFAULT_OUTBOX_COUNT = 5;

/** What `mail outbox` takes, as commander stores it. */
export interface OutboxFlags {
  data?: string;
  last?: string;
  json?: boolean;
}

/** `feedbackd mail outbox [--last N]`: the newest messages of <data>/outbox, their links whole. */
export async function runMailOutbox(flags: OutboxFlags, run: CliRun): Promise<void> {
  const count = lastCount(flags.last);
  const dir = outboxDir(existingDataDir(flags, run.io.env));
  const listing = await newestOutboxMessages(dir, count);
  if (flags.json) return printJson(run.io, listing?.messages ?? []);
  if (listing === null) return printLines(run.io, `No outbox at ${dir}: mail is written there only with --mail-outbox, and none has been yet.`);
  if (listing.total === 0) return printLines(run.io, `No messages in ${dir}.`);
  const shown = listing.messages.length;
  printLines(run.io, `${shown < listing.total ? `The newest ${shown} of ${listing.total} messages` : counted(shown, 'message')} in ${dir}, newest first:`);
  for (const message of listing.messages) printMessage(run, message);
}

function lastCount(given: string | undefined): number {
  if (given === undefined) return DEFAULT_OUTBOX_COUNT;
  if (!/^\d+$/.test(given) || Number(given) < 1) throw new AppError('INVALID_ARGUMENTS', `--last must be a whole number from 1 up, not "${given}"`, 400);
  return Number(given);
}

function printMessage(run: CliRun, message: OutboxMessage): void {
  printLines(run.io, '');
  printFields(run.io, [
    ['Date', message.date === null ? '(none)' : message.date.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')],
    ['To', message.to],
    ['Subject', message.subject],
    ...message.links.map((link) => ['Link', link] as const),
    ['File', message.file],
  ]);
}
