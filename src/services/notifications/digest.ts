import type { NotificationRow, Repositories } from '../../storage/types.js';
import { actorFor } from '../actors.js';
import type { ServiceContext } from '../context.js';
import { mailLocale } from '../mail/mail-locale.js';
import type { MailMessage } from '../mail/mailer.js';
import { canSeePost } from '../post-lookup.js';
import { visibleItems } from './digest-items.js';
import { digestMessage } from './digest-message.js';
import { subscriptionOf, wantsMail } from './subscribers.js';
import { unsubscribeTokenFor } from './unsubscribe-token.js';

/**
 * The notification mail for one (user, post) pair and its pending rows, composed by the worker at
 * send time, so everything is checked again now, not when the rows were written: null (nothing to
 * send) when the user is gone, blocked or turned mail off, no longer follows the post, can no
 * longer see it (API.md §2.7), or when none of the rows names anything they can see.
 */
export async function composeDigest(
  ctx: ServiceContext,
  repos: Repositories,
  userId: string,
  postId: string,
  rows: NotificationRow[],
): Promise<MailMessage | null> {
  const [user, post] = await Promise.all([repos.users.get(userId), repos.posts.get(postId)]);
  if (!wantsMail(user) || !post) return null;
  const subscription = await subscriptionOf(repos, user.id, post);
  if (!subscription.subscribed || subscription.reason === null) return null;
  const recipient = await actorFor(repos, user);
  if (!(await canSeePost(repos, recipient, post))) return null;
  const items = await visibleItems(repos, recipient, post, rows);
  if (items.length === 0) return null;
  const settings = await repos.settings.get();
  return digestMessage({
    siteTitle: settings.title,
    locale: mailLocale(user, settings),
    to: user.email,
    recipientName: user.name.trim(),
    post: { title: post.title, slug: post.slug },
    items,
    reason: subscription.reason,
    publicUrl: ctx.config.publicUrl.replace(/\/+$/, ''),
    unsubscribeToken: await unsubscribeTokenFor(ctx.config, { userId: user.id, postId: post.id }),
  });
}
