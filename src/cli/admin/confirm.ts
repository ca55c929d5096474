import { AppError } from '../../errors.js';
import type { CliRun } from '../io.js';
import { askConfirm } from '../prompt.js';

/**
 * A step that cannot be undone goes ahead with `--yes`, or after "yes" on a terminal. Without a
 * terminal (a script, a pipe) nobody can answer, so it is refused before anything runs.
 */
export async function confirmIrreversible(run: CliRun, flags: { yes?: boolean }, question: string): Promise<void> {
  if (flags.yes) return;
  if (!run.io.interactive) {
    throw new AppError('CONFIRMATION_REQUIRED', `${question} This cannot be undone: add --yes to confirm`, 400);
  }
  const confirmed = await askConfirm(run.io.prompt, { name: 'confirm', message: question, default: false });
  if (!confirmed) throw new AppError('CANCELLED', 'Cancelled: nothing was changed', 400);
}
