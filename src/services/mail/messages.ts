import { mailText } from '../../i18n/mail/catalogue.js';
import { DEFAULT_LOCALE, direction, type Locale } from '../../i18n/locales.js';
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
  /** The language the mail is written in (issue 33; see mail-locale.ts); English when not given. */
  locale?: Locale;
}

/** The "please confirm your email" message (API.md §6.2). */
export function verificationMessage(input: LinkMessageInput): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const site = { site: input.siteTitle };
  const link = tokenLink(input.publicUrl, '/email-verify/', input.token);
  return linkMessage(input, 'verify', {
    subject: mailText(locale, 'verify.subject'),
    intro: mailText(locale, 'verify.intro', site),
    action: mailText(locale, 'verify.action'),
    link,
  });
}

/** The "reset your password" message (API.md §6.2). */
export function resetMessage(input: LinkMessageInput): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const site = { site: input.siteTitle };
  const link = tokenLink(input.publicUrl, '/password-reset/confirm/', input.token);
  return linkMessage(input, 'reset', {
    subject: mailText(locale, 'reset.subject'),
    intro: mailText(locale, 'reset.intro', site),
    action: mailText(locale, 'reset.action'),
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
  const locale = input.locale ?? DEFAULT_LOCALE;
  const site = { site: input.siteTitle };
  const link = tokenLink(input.publicUrl, '/sign-in/link', input.token, input.next);
  return linkMessage(input, 'signin', {
    subject: mailText(locale, 'signIn.subject'),
    intro: mailText(locale, input.newAccount ? 'signIn.introNewAccount' : 'signIn.intro', site),
    action: mailText(locale, input.newAccount ? 'signIn.actionNewAccount' : 'signIn.action'),
    link,
    closing: mailText(locale, 'signIn.closing', { duration: durationInWords(input.lifetimeSeconds, locale) }),
  });
}

/** A whole number of days, hours, minutes or else seconds, in words: `15 minutes`, `1 hour` (`15 Minuten` in German). */
export function durationInWords(seconds: number, locale: Locale = DEFAULT_LOCALE): string {
  const units = [
    [86_400, 'duration.days'],
    [3600, 'duration.hours'],
    [60, 'duration.minutes'],
  ] as const;
  const [size, unit] = units.find(([length]) => seconds >= length && seconds % length === 0) ?? [1, 'duration.seconds'];
  return mailText(locale, unit, { count: seconds / size });
}

/** A message that only proves delivery works (the `mail test` command), in the site's language. */
export function testMessage(input: { siteTitle: string; to: string; locale?: Locale }): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const line = mailText(locale, 'test.body', { site: input.siteTitle });
  return {
    to: input.to,
    subject: mailText(locale, 'test.subject', { site: input.siteTitle }),
    text: `${line}\n`,
    html: htmlDocument([paragraph(escapeHtml(line))], locale),
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

function linkMessage(input: LinkMessageInput, kind: 'verify' | 'reset' | 'signin', parts: LinkParts): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const closing = parts.closing ?? mailText(locale, 'link.closing');
  // The link sits alone on its line so that mail clients and copy-paste keep it whole.
  const hello = greeting(input.name, locale);
  const text = [hello, '', parts.intro, '', parts.link, '', closing, ''].join('\n');
  const href = escapeHtml(parts.link);
  const html = htmlDocument(
    [
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(parts.intro)),
      paragraph(`<a href="${href}">${escapeHtml(parts.action)}</a>`),
      paragraph(`${escapeHtml(mailText(locale, 'link.copy'))}<br>${href}`),
      paragraph(escapeHtml(closing)),
    ],
    locale,
  );
  return { to: input.to, subject: `${input.siteTitle} - ${parts.subject}`, text, html, kind, siteTitle: input.siteTitle };
}

function tokenLink(publicUrl: string, path: string, token: string, next: string | null = null): string {
  const then = next === null ? '' : `&next=${encodeURIComponent(next)}`;
  return `${publicUrl.replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}${then}`;
}

/** The first line of a mail to a person: by name (`Hi Grace,`), or a plain `Hello,` without one. */
export function greeting(name: string, locale: Locale = DEFAULT_LOCALE): string {
  const trimmed = name.trim();
  return trimmed === '' ? mailText(locale, 'mail.greeting') : mailText(locale, 'mail.greetingNamed', { name: trimmed });
}

/** One paragraph of a mail's HTML part (also used by the notification digest). */
export function paragraph(innerHtml: string): string {
  return `<p>${innerHtml}</p>`;
}

/**
 * The HTML part of a mail around its blocks, in the one plain layout every mail shares, marked with
 * its language (mail clients pick fonts and hyphenation by it) and, for Arabic, laid out right to left.
 */
export function htmlDocument(paragraphs: string[], locale: Locale = DEFAULT_LOCALE): string {
  const dir = direction(locale) === 'rtl' ? ' dir="rtl"' : '';
  return `<!doctype html>\n<html lang="${locale}"${dir}><body>\n${paragraphs.join('\n')}\n</body></html>\n`;
}

/**
 * A catalogue text for an HTML part: the words escaped, and the `html` values put in as they are
 * (links, emphasis), so a translation may place them anywhere in its sentence.
 */
export function htmlText(text: (params: Record<string, string>) => string, html: Record<string, string>): string {
  // Private-use characters mark where each value goes: escaping leaves them, and no language uses them.
  const markers = Object.fromEntries(Object.keys(html).map((name, index) => [name, `\uE000${index}\uE001`]));
  const escaped = escapeHtml(text(markers));
  return escaped.replace(/\uE000(\d+)\uE001/g, (_, index: string) => Object.values(html)[Number(index)] ?? '');
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
