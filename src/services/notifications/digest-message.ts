import { mailText } from '../../i18n/mail/catalogue.js';
import type { MailKey } from '../../i18n/mail/en.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales.js';
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml, greeting, htmlDocument, htmlText, paragraph } from '../mail/messages.js';
import type { DigestItem } from './digest-items.js';
import type { SubscriptionReason } from './subscribers.js';

/** Everything a digest mail says, already checked and in order. */
export interface DigestContent {
  siteTitle: string;
  to: string;
  recipientName: string;
  post: { title: string; slug: string };
  items: readonly DigestItem[];
  reason: SubscriptionReason;
  /** Base URL without a trailing `/`. */
  publicUrl: string;
  unsubscribeToken: string;
  /** The language the mail is written in (issue 33: the recipient's, else the site's); English when not given. */
  locale?: Locale;
}

const REASONS: Record<SubscriptionReason, MailKey> = {
  author: 'digest.reasonAuthor',
  voter: 'digest.reasonVoter',
  commenter: 'digest.reasonCommenter',
  chosen: 'digest.reasonChosen',
};

/** The web app's page where a signed-in user turns all notification mail off (src/web/app.tsx). */
const ACCOUNT_PATH = '/profile';

/** The notification mail: plain text and HTML saying the same, with RFC 8058 one-click unsubscribe headers. */
export function digestMessage(content: DigestContent): MailMessage {
  const locale = content.locale ?? DEFAULT_LOCALE;
  const token = encodeURIComponent(content.unsubscribeToken);
  const links = {
    post: `${content.publicUrl}/p/${encodeURIComponent(content.post.slug)}`,
    unsubscribe: `${content.publicUrl}/unsubscribe?token=${token}`,
    oneClick: `${content.publicUrl}/api/v1/notifications/unsubscribe?token=${token}`,
    account: `${content.publicUrl}${ACCOUNT_PATH}`,
  };
  return {
    to: content.to,
    subject: subjectOf(content.post.title, content.items, locale),
    text: textOf(content, links, locale),
    html: htmlOf(content, links, locale),
    kind: 'notification',
    headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    siteTitle: content.siteTitle,
  };
}

type Links = { post: string; unsubscribe: string; account: string };

/**
 * One update: what it is (`“Dark mode” is now In progress`). Several: the latest status change leads
 * (a team's "set the status, say why" reads `… is now Planned, with a new comment`), else how many.
 */
export function subjectOf(title: string, items: readonly DigestItem[], locale: Locale = DEFAULT_LOCALE): string {
  const [only] = items;
  if (items.length === 1 && only) return updateSubject(title, only, locale);
  const status = [...items].reverse().find((item) => item.kind === 'status');
  if (!status) return mailText(locale, 'digest.subjectUpdates', { count: items.length, title });
  const subject = updateSubject(title, status, locale);
  const rest = items.length - 1;
  const comments = items.filter((item) => item.kind === 'comment').length;
  if (comments === rest) return mailText(locale, 'digest.subjectWithComments', { subject, count: comments });
  return mailText(locale, 'digest.subjectAndMore', { subject, count: rest });
}

function updateSubject(title: string, item: DigestItem, locale: Locale): string {
  if (item.kind === 'comment') return mailText(locale, 'digest.subjectComment', { title });
  if (item.kind === 'title') return mailText(locale, 'digest.subjectRenamed', { oldTitle: item.oldTitle });
  if (item.kind === 'merged') return mailText(locale, 'digest.subjectMerged', { fromTitle: item.fromTitle, title });
  if (item.roadmapName === null) return mailText(locale, 'digest.subjectOffRoadmap', { title });
  return mailText(locale, 'digest.subjectStatus', { title, status: item.roadmapName });
}

function introOf(content: DigestContent, locale: Locale): string {
  return mailText(locale, 'digest.intro', { count: content.items.length, title: content.post.title, site: content.siteTitle });
}

/** One update's line; `status` is how the status's name is written (emphasised in HTML). */
function itemLine(item: DigestItem, locale: Locale, status: (name: string) => string): string {
  if (item.kind === 'title') return mailText(locale, 'digest.itemRenamed', { oldTitle: item.oldTitle, newTitle: item.newTitle });
  if (item.kind === 'merged') return mailText(locale, 'digest.itemMerged', { fromTitle: item.fromTitle });
  if (item.kind === 'status' && item.roadmapName !== null) return mailText(locale, 'digest.itemStatus', { status: status(item.roadmapName) });
  return mailText(locale, 'digest.itemOffRoadmap');
}

function textItem(item: DigestItem, locale: Locale): string {
  if (item.kind === 'comment') return `- ${mailText(locale, 'digest.itemComment', { name: item.authorName })}\n  ${mailText(locale, 'mail.quoted', { text: item.excerpt })}`;
  return `- ${itemLine(item, locale, (name) => name)}`;
}

function htmlItem(item: DigestItem, locale: Locale): string {
  if (item.kind === 'comment') {
    const said = escapeHtml(mailText(locale, 'digest.itemComment', { name: item.authorName }));
    return `<li>${said}<br>${escapeHtml(mailText(locale, 'mail.quoted', { text: item.excerpt }))}</li>`;
  }
  if (item.kind === 'status' && item.roadmapName !== null) {
    const strong = `<strong>${escapeHtml(item.roadmapName)}</strong>`;
    return `<li>${htmlText((params) => mailText(locale, 'digest.itemStatus', params), { status: strong })}</li>`;
  }
  return `<li>${escapeHtml(itemLine(item, locale, (name) => name))}</li>`;
}

// Links sit alone on their lines so that mail clients and copy-paste keep them whole.
function textOf(content: DigestContent, links: Links, locale: Locale): string {
  return [
    greeting(content.recipientName, locale),
    '',
    introOf(content, locale),
    '',
    ...content.items.map((item) => textItem(item, locale)),
    '',
    mailText(locale, 'digest.seeIdeaLine'),
    links.post,
    '',
    '--',
    mailText(locale, REASONS[content.reason]),
    mailText(locale, 'unsubscribe.ideaLine'),
    links.unsubscribe,
    mailText(locale, 'unsubscribe.allLine'),
    links.account,
    '',
  ].join('\n');
}

function htmlOf(content: DigestContent, links: Links, locale: Locale): string {
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  return htmlDocument(
    [
      paragraph(escapeHtml(greeting(content.recipientName, locale))),
      paragraph(escapeHtml(introOf(content, locale))),
      `<ul>\n${content.items.map((item) => htmlItem(item, locale)).join('\n')}\n</ul>`,
      paragraph(link(links.post, mailText(locale, 'digest.seeIdeaLink'))),
      paragraph(
        [
          escapeHtml(mailText(locale, REASONS[content.reason])),
          `${link(links.unsubscribe, mailText(locale, 'unsubscribe.ideaLink'))} · ${link(links.account, mailText(locale, 'unsubscribe.allLink'))}`,
        ].join('<br>'),
      ),
    ],
    locale,
  );
}
