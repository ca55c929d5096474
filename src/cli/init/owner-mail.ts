import { writeConfigFile } from '../../config/data-dir.js';
import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { type CliIo, say } from '../io.js';
import { askMailFix, mailFailureLines } from './mail-check.js';
import { type MailOutcome, resendConfirmation } from './site.js';
import { askSmtp } from './wizard.js';

/**
 * After setup: when the owner's confirmation mail failed, says so in words (not a log line) and,
 * on a terminal, offers to enter the SMTP settings again or to use the outbox, then sends a new
 * link. Returns the configuration in force and whether the link went out (without a terminal,
 * init then ends with unsentInBatch: nobody could fix it here).
 */
export async function settleOwnerMail(
  io: CliIo,
  interactive: boolean,
  loadAgain: () => Promise<Config>,
  logger: Logger,
  owner: string,
  first: MailOutcome,
): Promise<{ config: Config; delivered: boolean }> {
  let config = await loadAgain();
  for (let outcome = first; ; ) {
    if (outcome.ok) return { config, delivered: true };
    for (const line of mailFailureLines(`The mail to confirm ${owner}`, config.smtpUrl, outcome.error)) say(io, line);
    say(io, `The board is set up; ${owner} stays unconfirmed until a confirmation link reaches it.`);
    if (!interactive) return { config, delivered: false };
    const fix = await askMailFix(io.prompt);
    if (fix === 'keep') return { config, delivered: false };
    const choice = fix === 'outbox' ? null : await askSmtp(io.prompt);
    const smtpUrl = choice?.kind === 'smtp' ? choice.smtpUrl : null;
    await writeConfigFile(config.dataDir, { smtpUrl, mailOutbox: smtpUrl === null ? true : undefined });
    config = await loadAgain();
    outcome = await resendConfirmation(config, logger, owner);
  }
}

/** Init's exit without a terminal when the owner's mail failed: scripts must notice. */
export function unsentInBatch(owner: string): AppError {
  return new AppError(
    'SETUP_MAIL_FAILED',
    `Setup is done, but the mail to confirm ${owner} was not sent: check the SMTP settings with ` +
      `feedbackd mail test ${owner}, or run with --mail-outbox to write mail to <data>/outbox/`,
    502,
  );
}
