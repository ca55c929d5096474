import { mailText } from '../../i18n/mail/catalogue.js';
import type { MailKey } from '../../i18n/mail/en.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales.js';
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml, greeting, htmlDocument, htmlText, paragraph } from '../mail/messages.js';
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
  /** The language the mail is written in (issue 33: the recipient's, else the site's); English when not given. */
  locale?: Locale;
}

/** Each idea listed with why the person follows it: `{title} (you voted for it)`. */
const IDEA_LINES: Record<SubscriptionReason, MailKey> = {
  author: 'shipped.ideaAuthor',
  voter: 'shipped.ideaVoter',
  commenter: 'shipped.ideaCommenter',
  chosen: 'shipped.ideaChosen',
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
  const locale = content.locale ?? DEFAULT_LOCALE;
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
    subject: mailText(locale, 'shipped.subject', { title: content.entry.title }),
    text: textOf(content, links, locale),
    html: htmlOf(content, links, locale),
    kind: 'notification',
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    siteTitle: content.siteTitle,
  };
}

function introOf(content: ShippedContent, locale: Locale): string {
  return mailText(locale, 'shipped.intro', { count: content.posts.length, entry: content.entry.title, site: content.siteTitle });
}

// Links sit alone on their lines so that mail clients and copy-paste keep them whole.
function textOf(content: ShippedContent, links: Links, locale: Locale): string {
  const ideas = content.posts.flatMap((post, index) => [`- ${mailText(locale, IDEA_LINES[post.reason], { title: post.title })}`, `  ${links.posts[index]!.page}`]);
  const stops = content.posts.flatMap((post, index) => [mailText(locale, 'shipped.stopLine', { title: post.title }), links.posts[index]!.unsubscribe]);
  return [
    greeting(content.recipientName, locale),
    '',
    introOf(content, locale),
    '',
    ...ideas,
    '',
    mailText(locale, 'shipped.readLine'),
    links.entry,
    '',
    '--',
    ...stops,
    mailText(locale, 'unsubscribe.allLine'),
    links.account,
    '',
  ].join('\n');
}

function htmlOf(content: ShippedContent, links: Links, locale: Locale): string {
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const ideas = content.posts.map((post, index) => {
    const title = link(links.posts[index]!.page, post.title);
    return `<li>${htmlText((params) => mailText(locale, IDEA_LINES[post.reason], params), { title })}</li>`;
  });
  const stops = content.posts.map((post, index) => link(links.posts[index]!.unsubscribe, mailText(locale, 'shipped.stopLink', { title: post.title })));
  return htmlDocument(
    [
      paragraph(escapeHtml(greeting(content.recipientName, locale))),
      paragraph(escapeHtml(introOf(content, locale))),
      `<ul>\n${ideas.join('\n')}\n</ul>`,
      paragraph(link(links.entry, mailText(locale, 'shipped.readLink'))),
      paragraph([...stops, link(links.account, mailText(locale, 'unsubscribe.allLink'))].join('<br>')),
    ],
    locale,
  );
}
