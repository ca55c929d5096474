// The words of every mail feedbackd sends to a person (issue 33), in English, the source the other
// languages translate (src/i18n/mail/<locale>.ts; test/i18n/mail-catalogues.test.ts checks them).
// Whole sentences per key; names, titles and numbers are placeholders, counts plural messages.

export const en = {
  // Every mail: the greeting, and the quotation marks around a quoted text.
  'mail.greeting': 'Hello,',
  'mail.greetingNamed': 'Hi {name},',
  'mail.quoted': '“{text}”',

  // Mails carrying a one-time link (confirm the address, reset the password, sign in).
  'link.copy': 'Or copy this link into your browser:',
  'link.closing': 'The link expires in 2 hours. If you did not ask for this, you can ignore this email.',
  'verify.subject': 'Please confirm your email',
  'verify.intro': 'Please confirm your email address for {site} by opening this link:',
  'verify.action': 'Confirm your email',
  'reset.subject': 'Reset your account password',
  'reset.intro': 'Someone asked to reset the password of your {site} account. To choose a new password, open this link:',
  'reset.action': 'Reset your password',
  'signIn.subject': 'Your sign-in link',
  'signIn.intro': 'To sign in to your {site} account, open this link:',
  'signIn.introNewAccount':
    'Someone asked to sign in to {site} with this address, which has no account yet. To create your account and sign in, open this link:',
  'signIn.action': 'Sign in',
  'signIn.actionNewAccount': 'Create your account and sign in',
  'signIn.closing': 'This link works once, for {duration}. If you did not ask for it, you can ignore this email: nobody can sign in with it but you.',
  'duration.days': { one: '{count} day', other: '{count} days' },
  'duration.hours': { one: '{count} hour', other: '{count} hours' },
  'duration.minutes': { one: '{count} minute', other: '{count} minutes' },
  'duration.seconds': { one: '{count} second', other: '{count} seconds' },

  // The `mail test` command's message.
  'test.subject': '{site} - Test email',
  'test.body': 'This is a test message from {site}. Mail delivery works.',

  // Notification mail about one idea: the subject.
  'digest.subjectComment': 'New comment on “{title}”',
  'digest.subjectRenamed': '“{oldTitle}” was renamed',
  'digest.subjectMerged': '“{fromTitle}” was merged into “{title}”',
  'digest.subjectOffRoadmap': '“{title}” was taken off the roadmap',
  'digest.subjectStatus': '“{title}” is now {status}',
  'digest.subjectUpdates': { one: '{count} update on “{title}”', other: '{count} updates on “{title}”' },
  'digest.subjectWithComments': { one: '{subject}, with a new comment', other: '{subject}, with {count} new comments' },
  'digest.subjectAndMore': { one: '{subject}, and {count} more update', other: '{subject}, and {count} more updates' },
  // … its body.
  'digest.intro': { one: 'News about “{title}” on {site}:', other: 'What is new about “{title}” on {site}:' },
  'digest.itemComment': '{name} commented:',
  'digest.itemRenamed': 'Renamed from “{oldTitle}” to “{newTitle}”.',
  'digest.itemMerged': '“{fromTitle}” was merged into this idea: its votes and comments are here now.',
  'digest.itemOffRoadmap': 'Taken off the roadmap.',
  'digest.itemStatus': 'Status is now {status}.',
  'digest.seeIdeaLine': 'See the idea:',
  'digest.seeIdeaLink': 'See the idea',
  // … and why it came, with the links that stop it.
  'digest.reasonAuthor': 'You get this because you wrote this idea.',
  'digest.reasonVoter': 'You get this because you voted on this idea.',
  'digest.reasonCommenter': 'You get this because you commented on this idea.',
  'digest.reasonChosen': 'You get this because you subscribed to this idea.',
  'unsubscribe.ideaLine': 'Stop mail about this idea:',
  'unsubscribe.ideaLink': 'Stop mail about this idea',
  'unsubscribe.allLine': 'Turn off all notification mail:',
  'unsubscribe.allLink': 'Turn off all notification mail',

  // The changelog's "shipped" mail.
  'shipped.subject': 'Shipped: {title}',
  'shipped.intro': { one: '“{entry}” is out on {site}, with an idea you asked for:', other: '“{entry}” is out on {site}, with ideas you asked for:' },
  'shipped.ideaAuthor': '{title} (you wrote it)',
  'shipped.ideaVoter': '{title} (you voted for it)',
  'shipped.ideaCommenter': '{title} (you commented on it)',
  'shipped.ideaChosen': '{title} (you follow it)',
  'shipped.readLine': 'Read what shipped:',
  'shipped.readLink': 'Read what shipped',
  'shipped.stopLine': 'Stop mail about “{title}”:',
  'shipped.stopLink': 'Stop mail about “{title}”',

  // Moderation: a post or comment the moderators declined, to its author.
  'declined.subject': '{site} - Your submission was declined',
  'declined.post': 'The moderators of {site} declined your post “{title}”, so it was not published.',
  'declined.comment': 'The moderators of {site} declined your comment, so it was not published.',

  // To the owner: a webhook turned off after failing.
  'webhookOff.subject': 'Webhook turned off: {url}',
  'webhookOff.intro': 'feedbackd stopped sending events to this webhook of {site}:',
  'webhookOff.failing': '{reason} (failing since {since}).',
  'webhookOff.keptFailing': 'It kept failing',
  'webhookOff.failingUnknown': '{reason} (failing for a while).',
  'webhookOff.turnBackOn': 'Events that happen while it is off are not kept for it. Once the receiver works again, turn it back on:',
} as const;

/** The name of a message of the mail catalogue. */
export type MailKey = keyof typeof en;
