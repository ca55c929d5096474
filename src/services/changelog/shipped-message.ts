import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml, greeting, htmlDocument, paragraph } from '../mail/messages.js';
import type { SubscriptionReason } from '../notifications/subscribers.js';

/** A linked post as the mail names it, with the reason the person follows it and their unsubscribe token for it. */
export interface ShippedPost {
  title: string;
  slug: string;
  reason: SubscriptionReason;
  unsubscribeToken: string;
}

export interface ShippedContent {
  siteTitle: string;
  to: string;
  recipientName: string;
  entry: { title: string; slug: string };
  posts: readonly ShippedPost[];
  /** Base URL without a trailing `/`. */
  publicUrl: string;
}

const REASON_VERBS: Record<SubscriptionReason, string> = {
  author: 'you wrote',
  voter: 'you voted for',
  commenter: 'you commented on',
  chosen: 'you follow',
};

/** The web app's page where a signed-in user turns all notification mail off (src/web/app.tsx). */
const ACCOUNT_PATH = '/profile';

interface Links {
  entry: string;
  account: string;
  posts: Array<{ page: string; unsubscribe: string }>;
}

/**
 * "Shipped: <entry title>", listing the ideas the person follows. `List-Unsubscribe` (RFC 8058
 * one-click) stops mail about the first idea listed; the body links each idea's own.
 */
export function shippedMessage(content: ShippedContent): MailMessage {
  const links: Links = {
    entry: `${content.publicUrl}/changelog/${encodeURIComponent(content.entry.slug)}`,
    account: `${content.publicUrl}${ACCOUNT_PATH}`,
    posts: content.posts.map((post) => ({
      page: `${content.publicUrl}/p/${encodeURIComponent(post.slug)}`,
      unsubscribe: `${content.publicUrl}/unsubscribe?token=${encodeURIComponent(post.unsubscribeToken)}`,
    })),
  };
  const oneClick = `${content.publicUrl}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(content.posts[0]!.unsubscribeToken)}`;
  return {
    to: content.to,
    subject: `Shipped: ${content.entry.title}`,
    text: textOf(content, links),
    html: htmlOf(content, links),
    kind: 'notification',
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    siteTitle: content.siteTitle,
  };
}

function introOf(content: ShippedContent): string {
  const ideas = content.posts.length === 1 ? 'an idea' : 'ideas';
  return `“${content.entry.title}” is out on ${content.siteTitle}, with ${ideas} you asked for:`;
}

// Links sit alone on their lines so that mail clients and copy-paste keep them whole.
function textOf(content: ShippedContent, links: Links): string {
  const ideas = content.posts.flatMap((post, index) => [`- ${post.title} (${REASON_VERBS[post.reason]} it)`, `  ${links.posts[index]!.page}`]);
  const stops = content.posts.flatMap((post, index) => [`Stop mail about “${post.title}”:`, links.posts[index]!.unsubscribe]);
  return [
    greeting(content.recipientName),
    '',
    introOf(content),
    '',
    ...ideas,
    '',
    'Read what shipped:',
    links.entry,
    '',
    '--',
    ...stops,
    'Turn off all notification mail:',
    links.account,
    '',
  ].join('\n');
}

function htmlOf(content: ShippedContent, links: Links): string {
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const ideas = content.posts.map((post, index) => `<li>${link(links.posts[index]!.page, post.title)} (${escapeHtml(REASON_VERBS[post.reason])} it)</li>`);
  const stops = content.posts.map((post, index) => link(links.posts[index]!.unsubscribe, `Stop mail about “${post.title}”`));
  return htmlDocument([
    paragraph(escapeHtml(greeting(content.recipientName))),
    paragraph(escapeHtml(introOf(content))),
    `<ul>\n${ideas.join('\n')}\n</ul>`,
    paragraph(link(links.entry, 'Read what shipped')),
    paragraph([...stops, link(links.account, 'Turn off all notification mail')].join('<br>')),
  ]);
}
