/*
 * feedbackd's notification mail (issue 17): following a post, the caller's mail setting, and the
 * one-click unsubscribe link every notification mail carries (RFC 8058).
 */
import { answer, boolean, input, operation, type Paths, type Schema, string, uuid } from '../kit.js';
import { postIdPath } from './posts-fields.js';

const TAG = 'Notifications';

const subscriptionAnswer = answer({
  subscription: answer({
    postId: uuid,
    subscribed: boolean,
    reason: {
      type: ['string', 'null'],
      enum: ['author', 'voter', 'commenter', 'chosen', null],
      description:
        'Why the caller gets mail about the post: `chosen` (they subscribed), else `author`, `voter` or `commenter` (a public comment); `null` when they do not.',
    },
  }),
});

const notificationsAnswer = answer({
  notifications: answer({
    mail: { type: 'boolean', description: 'false once the caller turned all notification mail off (account mail is not affected).' },
  }),
});

const subscriptionRules =
  'The author, the voters and the public commenters of a post follow it without asking; an explicit choice (this route’s `PUT`, or the link in a mail) wins over that. ' +
  'Mail goes out for status changes, new comments and new titles (never for the follower’s own change), one mail per post gathering what happens within a short window ' +
  '(a minute by default); what the recipient can no longer see by then is left out.';

/** Read nowhere: the POST is the click. Described so that clients know which bodies are accepted. */
const oneClickForm = input({
  'List-Unsubscribe': {
    type: 'string',
    description:
      'Ignored. Mail providers send `One-Click` (RFC 8058) in a form body, `application/x-www-form-urlencoded` or `multipart/form-data`, ' +
      'which this route alone accepts besides JSON; no body, or `{}`, works as well.',
  },
});

const oneClickBody: Schema = {
  required: false,
  content: {
    'application/json': { schema: oneClickForm },
    'application/x-www-form-urlencoded': { schema: oneClickForm },
    'multipart/form-data': { schema: oneClickForm },
  },
};

const unsubscribe = operation('post', {
  id: 'unsubscribeByToken',
  summary: 'Stop mail about one post (the link in a notification mail)',
  description:
    'Records that the user the token names no longer wants mail about the post it names; repeating it is harmless. ' +
    'The token comes from the mail (its `List-Unsubscribe` header and its unsubscribe link); it does not expire and works without signing in, but only for that user and post, and never once the user is deleted. ' +
    'Answers the post, for a page to name it. Checks in order: the token (400), then the user and the post (404, also when the post is now hidden from that user).',
  tag: TAG,
  section: 'README',
  auth: 'none',
  query: {
    token: {
      schema: string,
      description: 'The token from the mail. Absent, malformed or not signed by this server → 400 `INVALID_UNSUBSCRIBE_TOKEN`.',
    },
  },
  success: {
    200: {
      description: 'Unsubscribed; the post.',
      schema: answer({ unsubscribed: answer({ postId: uuid, title: string, slug: string }) }),
    },
  },
  errors: { 400: ['INVALID_UNSUBSCRIBE_TOKEN'], 404: ['POST_NOT_FOUND'] },
});

export const notificationPaths: Paths = {
  '/posts/{post_id}/subscription': {
    get: operation('get', {
      id: 'getSubscription',
      summary: 'Whether the caller gets mail about a post',
      description: `Whether the caller follows a post they can see, and why. ${subscriptionRules}`,
      tag: TAG,
      section: 'README',
      auth: 'required',
      pathParams: postIdPath,
      success: { 200: { description: 'The caller’s subscription.', schema: subscriptionAnswer } },
      errors: { 404: ['POST_NOT_FOUND'] },
    }),
    put: operation('put', {
      id: 'setSubscription',
      summary: 'Follow or stop following a post',
      description:
        `Records the caller’s choice for a post they can see and answers the subscription afterwards. ${subscriptionRules} ` +
        'Checks in order: the post (404), `subscribed` (400).',
      tag: TAG,
      section: 'README',
      auth: 'required',
      pathParams: postIdPath,
      body: input({ subscribed: { type: 'boolean', description: 'true follows the post, false stops mail about it.' } }, ['subscribed']),
      success: { 200: { description: 'The caller’s subscription after the change.', schema: subscriptionAnswer } },
      errors: { 404: ['POST_NOT_FOUND'], 400: ['VALIDATION_ERROR'] },
    }),
  },
  '/auth/notifications': {
    get: operation('get', {
      id: 'getNotificationSettings',
      summary: 'The caller’s notification mail setting',
      description: 'Whether the caller gets notification mail at all (about the posts they follow).',
      tag: TAG,
      section: 'README',
      auth: 'required',
      success: { 200: { description: 'The setting.', schema: notificationsAnswer } },
    }),
    patch: operation('patch', {
      id: 'setNotificationSettings',
      summary: 'Turn notification mail on or off',
      description:
        'Turns all of the caller’s notification mail off (`mail: false`) or back on. An omitted `mail` changes nothing. ' +
        'Account mail (confirmation, password reset) is not affected.',
      tag: TAG,
      section: 'README',
      auth: 'required',
      body: input({ mail: { type: 'boolean', description: 'false turns notification mail off, true back on.' } }),
      success: { 200: { description: 'The setting after the change.', schema: notificationsAnswer } },
      errors: { 400: ['VALIDATION_ERROR'] },
    }),
  },
  '/notifications/unsubscribe': {
    post: { ...unsubscribe, requestBody: oneClickBody },
  },
};
