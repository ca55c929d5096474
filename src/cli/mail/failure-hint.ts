import { outboxDir } from '../../services/mail/outbox.js';
import { describeSmtpUrl, type SmtpServer } from './smtp-server.js';

const TLS_TEXT: Record<SmtpServer['tls'], string> = {
  smtps: 'TLS from the first byte (smtps://)',
  starttls: 'plain connection upgraded with STARTTLS when the server offers it (smtp://)',
  'starttls-required': 'STARTTLS required (smtp:// with requireTLS=true)',
  none: 'no TLS at all (ignoreTLS=true)',
};

interface Advice {
  when: (error: string, server: SmtpServer) => boolean;
  advice: string;
}

/** The first matching advice is shown; the error text is all the mailer passes on, so these read it. */
const ADVICE: readonly Advice[] = [
  {
    when: (error) => /ECONNREFUSED/.test(error),
    advice: 'nothing accepted the connection: check the host and port, and that the server is running',
  },
  {
    when: (error) => /ENOTFOUND|EAI_AGAIN/.test(error),
    advice: 'the host name does not resolve: check its spelling',
  },
  {
    when: (error, server) => server.tls === 'smtps' && /wrong version number|unknown protocol|packet length too long/i.test(error),
    advice: 'the server does not speak TLS from the first byte: use smtp:// (STARTTLS), usually on port 587',
  },
  {
    when: (error) => /STARTTLS/i.test(error),
    advice: 'the upgrade to TLS with STARTTLS failed: if the server expects TLS from the first byte, use smtps:// (usually port 465)',
  },
  {
    when: (_error, server) => [25, 465, 587].includes(server.port) && (server.tls === 'smtps') !== (server.port === 465),
    advice: 'port 465 expects smtps://; ports 587 and 25 expect smtp:// (STARTTLS)',
  },
  {
    when: (error) => /\b535\b|Invalid login|EAUTH/i.test(error),
    advice: 'the server refused the user name or password; URL-encode special characters in them (@ → %40, : → %3A, / → %2F)',
  },
  {
    when: (error) => /\b530\b|authentication required/i.test(error),
    advice: 'the server wants authentication: put user:password@ in the URL',
  },
  {
    when: (error) => /Mail command failed/i.test(error),
    advice: 'the server refused the From address: give one it accepts with --mail-from',
  },
  {
    when: (error) => /recipients were rejected/i.test(error),
    advice: 'the server refused the recipient: check the address, and that this server relays mail to it for you',
  },
  {
    when: (error) => /timeout|ETIMEDOUT|Greeting never received/i.test(error),
    advice: 'no answer in time: check the host, the port and any firewall between',
  },
];

/** The hint after an SMTP failure: host, port, TLS and authentication, plus advice when the error is recognised. */
export function smtpFailureHint(smtpUrl: string, error: string): string {
  const server = describeSmtpUrl(smtpUrl);
  const auth = server.user === null ? 'no authentication (no user in the URL)' : `authentication as user "${server.user}"`;
  const lines = [`hint: SMTP server ${server.host}, port ${server.port}, ${TLS_TEXT[server.tls]}, ${auth}`];
  const advice = ADVICE.find((rule) => rule.when(error, server));
  if (advice) lines.push(`hint: ${advice.advice}`);
  return lines.join('\n');
}

/** The hint after an outbox failure. */
export function outboxFailureHint(dataDir: string): string {
  return `hint: the outbox is ${outboxDir(dataDir)}/: check that this user may create and write files there`;
}
