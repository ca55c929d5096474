import { validationError } from '../../errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { findVisiblePost } from '../post-lookup.js';
import { parseBoolean } from '../validation/colors-urls.js';
import { type Body, lookupKey } from '../validation/fields.js';
import { writeChoice } from './choices.js';
import { type SubscriptionReason, subscriptionOf } from './subscribers.js';

/** The caller's subscription to one post, as the subscription routes answer it. */
export interface SubscriptionView {
  postId: string;
  subscribed: boolean;
  reason: SubscriptionReason | null;
}

/** The caller's notification mail setting, as `/auth/notifications` answers it. */
export interface NotificationSettings {
  /** False once the user turned all notification mail off. */
  mail: boolean;
}

/** `GET /posts/:post_id/subscription`: whether the caller follows a post they can see, and why. */
export async function getSubscription(ctx: ServiceContext, actor: Actor, postIdParam: string): Promise<SubscriptionView> {
  const post = await findVisiblePost(ctx.storage, actor, lookupKey(postIdParam));
  return { postId: post.id, ...(await subscriptionOf(ctx.storage, actor.user.id, post)) };
}

/** `PUT /posts/:post_id/subscription`: records the caller's explicit choice. Checks in order: the post (404), `subscribed` (400). */
export async function setSubscription(ctx: ServiceContext, actor: Actor, postIdParam: string, body: Body): Promise<SubscriptionView> {
  const post = await findVisiblePost(ctx.storage, actor, lookupKey(postIdParam));
  const subscribed = requiredBoolean(body.subscribed, 'subscribed');
  await writeChoice(ctx.storage, actor.user.id, post.id, subscribed);
  return { postId: post.id, ...(await subscriptionOf(ctx.storage, actor.user.id, post)) };
}

/** `GET /auth/notifications`. */
export function getNotificationSettings(_ctx: ServiceContext, actor: Actor): NotificationSettings {
  return { mail: actor.user.notificationsOff !== true };
}

/** `PATCH /auth/notifications`: turns all notification mail on or off; an omitted `mail` changes nothing. */
export async function setNotificationSettings(ctx: ServiceContext, actor: Actor, body: Body): Promise<NotificationSettings> {
  if (body.mail === undefined) return getNotificationSettings(ctx, actor);
  const mail = requiredBoolean(body.mail, 'mail');
  const user = await ctx.storage.users.update(actor.user.id, { notificationsOff: !mail, updatedAt: new Date().toISOString() });
  return { mail: user.notificationsOff !== true };
}

function requiredBoolean(value: unknown, path: string): boolean {
  if (value === undefined) throw validationError(path, 'is required');
  return parseBoolean(value, path);
}
