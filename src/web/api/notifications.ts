// Notification mail (feedbackd's extension, issue 17): a post's subscription, the account-wide switch,
// and the mailed unsubscribe link. Apart from endpoints.ts so the board page's first load never carries it.
import { api } from './client.js';
import type { NotificationSettings, Subscription, UnsubscribedPost } from './types.js';

export const getSubscription = (postId: string) =>
  api<{ subscription: Subscription }>('GET', `/posts/${postId}/subscription`).then((r) => r.subscription);
export const setSubscription = (postId: string, subscribed: boolean) =>
  api<{ subscription: Subscription }>('PUT', `/posts/${postId}/subscription`, { subscribed }).then((r) => r.subscription);

export const getNotificationSettings = () => api<{ notifications: NotificationSettings }>('GET', '/auth/notifications').then((r) => r.notifications);
export const setNotificationMail = (mail: boolean) =>
  api<{ notifications: NotificationSettings }>('PATCH', '/auth/notifications', { mail }).then((r) => r.notifications);

/** The mailed link's token names the user and the post, so no session is needed; using it again changes nothing. */
export const unsubscribeWithToken = (token: string) =>
  api<{ unsubscribed: UnsubscribedPost }>('POST', '/notifications/unsubscribe', {}, { token }).then((r) => r.unsubscribed);
