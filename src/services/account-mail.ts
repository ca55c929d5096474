import type { ServiceContext } from './context.js';
import { verificationMessage } from './mail/messages.js';

/** Sends the verification mail after the response, titled with the site title at sending time. */
export function queueVerificationMail(ctx: ServiceContext, to: string, token: string, requestId?: string): void {
  const delivery = (async () => {
    const { title } = await ctx.storage.settings.get();
    const message = verificationMessage({ siteTitle: title, publicUrl: ctx.config.publicUrl, to, token });
    await ctx.mailer.send(message, requestId);
  })();
  ctx.background.track(delivery);
}
