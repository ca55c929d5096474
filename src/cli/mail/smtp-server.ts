/** How an SMTP URL connects, as nodemailer reads it; never the password. */
export interface SmtpServer {
  host: string;
  port: number;
  /** `smtps`: TLS from the first byte; `starttls`: upgraded when offered; `starttls-required`; `none`: never TLS. */
  tls: 'smtps' | 'starttls' | 'starttls-required' | 'none';
  /** The user name from the URL, decoded; null without authentication. */
  user: string | null;
}

/** Reads an SMTP URL the way nodemailer does: `secure`, `requireTLS` and `ignoreTLS` may come as query parameters. */
export function describeSmtpUrl(smtpUrl: string): SmtpServer {
  const url = new URL(smtpUrl);
  const query = (name: string) => url.searchParams.get(name) === 'true';
  const secure = url.protocol === 'smtps:' || query('secure');
  // nodemailer's default ports: 465 for TLS from the start, 587 (submission) otherwise.
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  return { host: url.hostname, port, tls: tlsMode(secure, query('requireTLS'), query('ignoreTLS')), user: userOf(url) };
}

/** `mail.example.org:587`. */
export function serverAddress(server: SmtpServer): string {
  return `${server.host}:${server.port}`;
}

function tlsMode(secure: boolean, requireTls: boolean, ignoreTls: boolean): SmtpServer['tls'] {
  if (secure) return 'smtps';
  if (requireTls) return 'starttls-required';
  return ignoreTls ? 'none' : 'starttls';
}

function userOf(url: URL): string | null {
  if (!url.username) return null;
  try {
    return decodeURIComponent(url.username);
  } catch {
    return url.username;
  }
}
