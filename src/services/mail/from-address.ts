import type { Config } from '../../config/types.js';

/** A From value nodemailer accepts: a structured address, or a header value used as is. */
export type FromAddress = { name: string; address: string } | string;

/**
 * The From of a message (API.md §6.2, §1.15 item 9): `mailFrom` with `<` is used as is; a bare
 * `mailFrom`, or `noreply@<publicUrl host>` when unset, gets the site title as display name.
 */
export function fromAddress(config: Pick<Config, 'mailFrom' | 'publicUrl'>, siteTitle: string): FromAddress {
  const mailFrom = config.mailFrom?.trim() || null;
  if (mailFrom?.includes('<')) return mailFrom;
  // A structured address lets nodemailer quote and encode the title, whatever characters it holds.
  return { name: siteTitle, address: mailFrom ?? `noreply@${publicHostName(config.publicUrl)}` };
}

function publicHostName(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    // The config loader validates publicUrl; this only keeps a bad value from breaking every send.
    return 'localhost';
  }
}
