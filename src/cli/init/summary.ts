import { join } from 'node:path';
import type { Config } from '../../config/types.js';
import type { AuthUser } from '../../services/accounts.js';

/** Quotes a path for a POSIX shell when it needs it. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The command that serves this data dir. */
export function serveCommand(dataDir: string): string {
  return `feedbackd serve --data ${shellQuote(dataDir)}`;
}

function verificationNote(config: Config, delivered: boolean): string {
  if (!delivered) return 'not confirmed: the mail could not be sent; send a new link from your profile once mail works';
  if (config.smtpUrl) return 'a link to confirm this address was mailed to it';
  return `the mail with a link to confirm this address is in ${join(config.dataDir, 'outbox')}`;
}

/** How to confirm the owner's address: the mailed link (shown by `mail outbox`), or without mail at all. */
function confirmHint(config: Config, user: AuthUser, delivered: boolean): string {
  const data = `--data ${shellQuote(config.dataDir)}`;
  const withoutMail = `feedbackd user verify ${shellQuote(user.email)} ${data}`;
  if (!delivered) return withoutMail;
  if (config.smtpUrl) return `open the mailed link, or without mail: ${withoutMail}`;
  return `open the link that feedbackd mail outbox ${data} shows, or without mail: ${withoutMail}`;
}

/** The lines printed once setup is done. */
export function setupSummary(config: Config, user: AuthUser, siteTitle: string, delivered: boolean): string[] {
  return [
    '',
    `feedbackd is set up: "${siteTitle}".`,
    `  URL:       ${config.publicUrl}`,
    `  Owner:     ${user.email} (${verificationNote(config, delivered)})`,
    `  Confirm:   ${confirmHint(config, user, delivered)}`,
    `  Data:      ${config.dataDir} (back it up with: feedbackd backup --data ${config.dataDir})`,
    `  Start it:  ${serveCommand(config.dataDir)}`,
  ];
}

/** The lines printed when the data dir already has an owner. */
export function alreadySetUpLines(dataDir: string): string[] {
  return [`feedbackd is already set up in ${dataDir}; nothing was changed.`, `Start it with: ${serveCommand(dataDir)}`];
}
