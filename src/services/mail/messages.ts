import type { MailMessage } from './mailer.js';

/** What a message carrying a one-time link needs (API.md §6.2). */
export interface LinkMessageInput {
  siteTitle: string;
  /** Base URL without a trailing `/`. */
  publicUrl: string;
  to: string;
  /** The recipient's name, greeted by it; "" when they gave none. */
  name: string;
  /** The mail token itself (64 hex characters); it appears only in this message. */
  token: string;
}

/** The "please confirm your email" message (API.md §6.2). */
export function verificationMessage(input: LinkMessageInput): MailMessage {
  const link = tokenLink(input.publicUrl, '/email-verify/', input.token);
  return linkMessage(input, 'verify', {
    subject: 'Please confirm your email',
    intro: `Please confirm your email address for ${input.siteTitle} by opening this link:`,
    action: 'Confirm your email',
    link,
  });
}

/** The "reset your password" message (API.md §6.2). */
export function resetMessage(input: LinkMessageInput): MailMessage {
  const link = tokenLink(input.publicUrl, '/password-reset/confirm/', input.token);
  return linkMessage(input, 'reset', {
    subject: 'Reset your account password',
    intro: `Someone asked to reset the password of your ${input.siteTitle} account. To choose a new password, open this link:`,
    action: 'Reset your password',
    link,
  });
}

/** What the sign-in link message needs beyond any link message. */
export interface SignInMessageInput extends LinkMessageInput {
  /** How long the link works, in seconds. */
  lifetimeSeconds: number;
  /** The address has no account yet: using the link makes one. */
  newAccount: boolean;
  /** A path of the site to land on once signed in, or null. */
  next: string | null;
}

/** The mailed sign-in link (issue 28): signs in once, within its lifetime. */
export function signInMessage(input: SignInMessageInput): MailMessage {
  const link = tokenLink(input.publicUrl, '/sign-in/link', input.token, input.next);
  const intro = input.newAccount
    ? `Someone asked to sign in to ${input.siteTitle} with this address, which has no account yet. To create your account and sign in, open this link:`
    : `To sign in to your ${input.siteTitle} account, open this link:`;
  return linkMessage(input, 'signin', {
    subject: 'Your sign-in link',
    intro,
    action: input.newAccount ? 'Create your account and sign in' : 'Sign in',
    link,
    closing: `This link works once, for ${durationInWords(input.lifetimeSeconds)}. If you did not ask for it, you can ignore this email: nobody can sign in with it but you.`,
  });
}

/** A whole number of days, hours, minutes or else seconds, in words: `15 minutes`, `1 hour`. */
export function durationInWords(seconds: number): string {
  const units: Array<[number, string]> = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  const [size, unit] = units.find(([length]) => seconds >= length && seconds % length === 0) ?? [1, 'second'];
  const count = seconds / size;
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** A message that only proves delivery works (the `mail test` command). */
export function testMessage(input: { siteTitle: string; to: string }): MailMessage {
  const line = `This is a test message from ${input.siteTitle}. Mail delivery works.`;
  return {
    to: input.to,
    subject: `${input.siteTitle} - Test email`,
    text: `${line}\n`,
    html: htmlDocument([paragraph(escapeHtml(line))]),
    kind: 'test',
    siteTitle: input.siteTitle,
  };
}

interface LinkParts {
  subject: string;
  intro: string;
  action: string;
  link: string;
  /** The last paragraph: the link's lifetime and what to do when one did not ask for it. */
  closing?: string;
}

const TOKEN_CLOSING = 'The link expires in 2 hours. If you did not ask for this, you can ignore this email.';

function linkMessage(input: LinkMessageInput, kind: 'verify' | 'reset' | 'signin', parts: LinkParts): MailMessage {
  const closing = parts.closing ?? TOKEN_CLOSING;
  // The link sits alone on its line so that mail clients and copy-paste keep it whole.
  const hello = greeting(input.name);
  const text = [hello, '', parts.intro, '', parts.link, '', closing, ''].join('\n');
  const href = escapeHtml(parts.link);
  const html = htmlDocument([
    paragraph(escapeHtml(hello)),
    paragraph(escapeHtml(parts.intro)),
    paragraph(`<a href="${href}">${escapeHtml(parts.action)}</a>`),
    paragraph(`Or copy this link into your browser:<br>${href}`),
    paragraph(escapeHtml(closing)),
  ]);
  return { to: input.to, subject: `${input.siteTitle} - ${parts.subject}`, text, html, kind, siteTitle: input.siteTitle };
}

function tokenLink(publicUrl: string, path: string, token: string, next: string | null = null): string {
  const then = next === null ? '' : `&next=${encodeURIComponent(next)}`;
  return `${publicUrl.replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}${then}`;
}

/** The first line of a mail to a person: by name (`Hi Grace,`), or a plain `Hello,` without one. */
export function greeting(name: string): string {
  const trimmed = name.trim();
  return trimmed === '' ? 'Hello,' : `Hi ${trimmed},`;
}

/** One paragraph of a mail's HTML part (also used by the notification digest). */
export function paragraph(innerHtml: string): string {
  return `<p>${innerHtml}</p>`;
}

/** The HTML part of a mail around its blocks, in the one plain layout every mail shares. */
export function htmlDocument(paragraphs: string[]): string {
  return `<!doctype html>\n<html><body>\n${paragraphs.join('\n')}\n</body></html>\n`;
}

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
