import type { Locale } from '../i18n/locales.js';
import type { ServiceContext } from './context.js';
import { mailLocale } from './mail/mail-locale.js';
import type { MailMessage } from './mail/mailer.js';
import { type LinkMessageInput, resetMessage, signInMessage, verificationMessage } from './mail/messages.js';

/** Who a link mail goes to: the address, the name it greets ("" for none), and the language they chose (issue 33). */
export interface MailRecipient {
  email: string;
  name: string;
  /** Absent or null: the mail is in the site's language. */
  locale?: Locale | null;
}

/** Sends the verification mail after the response, titled with the site title at sending time. */
export function queueVerificationMail(ctx: ServiceContext, to: MailRecipient, token: string, requestId?: string): void {
  queueLinkMail(ctx, verificationMessage, to, token, requestId);
}

/** Sends the password reset mail after the response, titled with the site title at sending time. */
export function queueResetMail(ctx: ServiceContext, to: MailRecipient, token: string, requestId?: string): void {
  queueLinkMail(ctx, resetMessage, to, token, requestId);
}

/** What a sign-in link mail says beyond its recipient and token. */
export interface SignInLinkDetails {
  newAccount: boolean;
  next: string | null;
}

/** Sends a sign-in link mail (issue 28), titled with the site title at sending time. */
export function queueSignInMail(ctx: ServiceContext, to: MailRecipient, token: string, details: SignInLinkDetails, requestId?: string): void {
  const compose = (input: LinkMessageInput) => signInMessage({ ...input, ...details, lifetimeSeconds: ctx.config.magicLinkTtlSeconds });
  queueLinkMail(ctx, compose, to, token, requestId);
}

function queueLinkMail(
  ctx: ServiceContext,
  compose: (input: LinkMessageInput) => MailMessage,
  recipient: MailRecipient,
  token: string,
  requestId?: string,
): void {
  const delivery = (async () => {
    const settings = await ctx.storage.settings.get();
    const message = compose({
      siteTitle: settings.title,
      publicUrl: ctx.config.publicUrl,
      to: recipient.email,
      name: recipient.name,
      token,
      locale: mailLocale(recipient, settings),
    });
    await ctx.mailer.send(message, requestId);
  })();
  ctx.background.track(delivery);
}
