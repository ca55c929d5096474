import type { ServiceContext } from './context.js';
import type { MailMessage } from './mail/mailer.js';
import { type LinkMessageInput, resetMessage, signInMessage, verificationMessage } from './mail/messages.js';

/** Who a link mail goes to: the address, and the name it greets ("" for none). */
export interface MailRecipient {
  email: string;
  name: string;
}

/** Sends the verification mail after the response, titled with the site title at sending time. */
export function queueVerificationMail(ctx: ServiceContext, to: MailRecipient, token: string, requestId?: string): void {
  queueLinkMail(ctx, verificationMessage, { to: to.email, name: to.name, token }, requestId);
}

/** Sends the password reset mail after the response, titled with the site title at sending time. */
export function queueResetMail(ctx: ServiceContext, to: MailRecipient, token: string, requestId?: string): void {
  queueLinkMail(ctx, resetMessage, { to: to.email, name: to.name, token }, requestId);
}

/** What a sign-in link mail says beyond its recipient and token. */
export interface SignInLinkDetails {
  newAccount: boolean;
  next: string | null;
}

/** Sends a sign-in link mail (issue 28), titled with the site title at sending time. */
export function queueSignInMail(ctx: ServiceContext, to: MailRecipient, token: string, details: SignInLinkDetails, requestId?: string): void {
  const compose = (input: LinkMessageInput) => signInMessage({ ...input, ...details, lifetimeSeconds: ctx.config.magicLinkTtlSeconds });
  queueLinkMail(ctx, compose, { to: to.email, name: to.name, token }, requestId);
}

function queueLinkMail(
  ctx: ServiceContext,
  compose: (input: LinkMessageInput) => MailMessage,
  recipient: { to: string; name: string; token: string },
  requestId?: string,
): void {
  const delivery = (async () => {
    const { title } = await ctx.storage.settings.get();
    const message = compose({ siteTitle: title, publicUrl: ctx.config.publicUrl, ...recipient });
    await ctx.mailer.send(message, requestId);
  })();
  ctx.background.track(delivery);
}
