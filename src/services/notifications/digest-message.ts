import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml, greeting, htmlDocument, paragraph } from '../mail/messages.js';
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
}

const REASON_VERBS: Record<SubscriptionReason, string> = {
  author: 'wrote',
  voter: 'voted on',
  commenter: 'commented on',
  chosen: 'subscribed to',
};

/** The web app's page where a signed-in user turns all notification mail off (src/web/app.tsx). */
const ACCOUNT_PATH = '/profile';

/** The notification mail: plain text and HTML saying the same, with RFC 8058 one-click unsubscribe headers. */
export function digestMessage(content: DigestContent): MailMessage {
  const token = encodeURIComponent(content.unsubscribeToken);
  const links = {
    post: `${content.publicUrl}/p/${encodeURIComponent(content.post.slug)}`,
    unsubscribe: `${content.publicUrl}/unsubscribe?token=${token}`,
    oneClick: `${content.publicUrl}/api/v1/notifications/unsubscribe?token=${token}`,
    account: `${content.publicUrl}${ACCOUNT_PATH}`,
  };
  return {
    to: content.to,
    subject: subjectOf(content.post.title, content.items),
    text: textOf(content, links),
    html: htmlOf(content, links),
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
export function subjectOf(title: string, items: readonly DigestItem[]): string {
  const [only] = items;
  if (items.length === 1 && only) return updateSubject(title, only);
  const status = [...items].reverse().find((item) => item.kind === 'status');
  if (!status) return `${items.length} updates on “${title}”`;
  const rest = items.length - 1;
  const comments = items.filter((item) => item.kind === 'comment').length;
  if (comments === rest) return `${updateSubject(title, status)}, with ${comments === 1 ? 'a new comment' : `${comments} new comments`}`;
  return `${updateSubject(title, status)}, and ${rest === 1 ? '1 more update' : `${rest} more updates`}`;
}

function updateSubject(title: string, item: DigestItem): string {
  if (item.kind === 'comment') return `New comment on “${title}”`;
  if (item.kind === 'title') return `“${item.oldTitle}” was renamed`;
  if (item.kind === 'merged') return `“${item.fromTitle}” was merged into “${title}”`;
  return item.roadmapName === null ? `“${title}” was taken off the roadmap` : `“${title}” is now ${item.roadmapName}`;
}

function introOf(content: DigestContent): string {
  const what = content.items.length === 1 ? 'News' : 'What is new';
  return `${what} about “${content.post.title}” on ${content.siteTitle}:`;
}

function reasonOf(reason: SubscriptionReason): string {
  return `You get this because you ${REASON_VERBS[reason]} this idea.`;
}

function textItem(item: DigestItem): string {
  if (item.kind === 'comment') return `- ${item.authorName} commented:\n  “${item.excerpt}”`;
  if (item.kind === 'title') return `- Renamed from “${item.oldTitle}” to “${item.newTitle}”.`;
  if (item.kind === 'merged') return `- “${item.fromTitle}” was merged into this idea: its votes and comments are here now.`;
  return item.roadmapName === null ? '- Taken off the roadmap.' : `- Status is now ${item.roadmapName}.`;
}

function htmlItem(item: DigestItem): string {
  if (item.kind === 'comment') return `<li>${escapeHtml(item.authorName)} commented:<br>“${escapeHtml(item.excerpt)}”</li>`;
  if (item.kind === 'title') return `<li>Renamed from “${escapeHtml(item.oldTitle)}” to “${escapeHtml(item.newTitle)}”.</li>`;
  if (item.kind === 'merged') return `<li>“${escapeHtml(item.fromTitle)}” was merged into this idea: its votes and comments are here now.</li>`;
  return item.roadmapName === null ? '<li>Taken off the roadmap.</li>' : `<li>Status is now <strong>${escapeHtml(item.roadmapName)}</strong>.</li>`;
}

// Links sit alone on their lines so that mail clients and copy-paste keep them whole.
function textOf(content: DigestContent, links: Links): string {
  return [
    greeting(content.recipientName),
    '',
    introOf(content),
    '',
    ...content.items.map(textItem),
    '',
    'See the idea:',
    links.post,
    '',
    '--',
    reasonOf(content.reason),
    'Stop mail about this idea:',
    links.unsubscribe,
    'Turn off all notification mail:',
    links.account,
    '',
  ].join('\n');
}

function htmlOf(content: DigestContent, links: Links): string {
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  return htmlDocument([
    paragraph(escapeHtml(greeting(content.recipientName))),
    paragraph(escapeHtml(introOf(content))),
    `<ul>\n${content.items.map(htmlItem).join('\n')}\n</ul>`,
    paragraph(link(links.post, 'See the idea')),
    paragraph(
      [
        escapeHtml(reasonOf(content.reason)),
        `${link(links.unsubscribe, 'Stop mail about this idea')} · ${link(links.account, 'Turn off all notification mail')}`,
      ].join('<br>'),
    ),
  ]);
}
