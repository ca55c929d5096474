import { AppError } from '../../errors.js';

/** Refusal to open a database whose files are damaged; the message names the file (and line). */
export function corruptDatabase(where: string, problem: string): AppError {
  return new AppError(
    'DATABASE_CORRUPT',
    `Database file ${where} is damaged: ${problem}. feedbackd refuses to open it so that no data is lost silently; restore it from a backup or repair it by hand.`,
    500,
  );
}
