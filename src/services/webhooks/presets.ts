import type { PostView, PublicUser } from '../post-views.js';
import type { WebhookEnvelope } from './events.js';
import { clipUnits, type Fragment, line, link, type MessageLine, renderLine, text } from './presets-text.js';

/** What a chat message names: the site title and the base URL of its pages (no trailing `/` needed). */
export interface WebhookSite {
  title: string;
  publicUrl: string;
}

/** A Slack incoming-webhook body. */
export interface SlackBody {
  text: string;
}

/** A Discord webhook body; `allowed_mentions` with nothing to parse means the message pings no one. */
export interface DiscordBody {
  content: string;
  allowed_mentions: { parse: [] };
}

const DISCORD_MAX_CONTENT = 2_000;
const COMMENT_EXCERPT_MAX = 200;

/**
 * Slack: `&`, `<` and `>` escaped, so user text can make no masked link, mention or `<!channel>`
 * (Slack still links a bare URL, shown as what it is).
 * Slack's mrkdwn has no escape for `*`, `_`, `~` or backticks: at worst they restyle the user's own words.
 */
export function slackBody(envelope: WebhookEnvelope, site: WebhookSite): SlackBody {
  return { text: renderLine(describe(envelope, site), renderSlack) };
}

/** Discord: Markdown escaped, `@everyone`/`@here` broken, mentions off, content within Discord's 2,000 characters. */
export function discordBody(envelope: WebhookEnvelope, site: WebhookSite): DiscordBody {
  const content = clipUnits(renderLine(describe(envelope, site), renderDiscord), DISCORD_MAX_CONTENT);
  return { content, allowed_mentions: { parse: [] } };
}

/** The chat message of `feedbackd webhook test`: says which site sent it and that the channel works. */
export function testChatBody(format: 'slack' | 'discord', site: WebhookSite): SlackBody | DiscordBody {
  const message = line`Test message from ${text(site.title)}: this channel will get the events you chose.`;
  if (format === 'slack') return { text: renderLine(message, renderSlack) };
  return { content: clipUnits(renderLine(message, renderDiscord), DISCORD_MAX_CONTENT), allowed_mentions: { parse: [] } };
}

/** The one-line message of an event. */
function describe(envelope: WebhookEnvelope, site: WebhookSite): MessageLine {
  if (envelope.event === 'changelog.published') {
    const { entry } = envelope.data;
    const url = `${site.publicUrl.replace(/\/+$/, '')}/changelog/${encodeURIComponent(entry.slug)}`;
    return line`Shipped on ${text(site.title)}: ${link(entry.title, url)}`;
  }
  const post = postLink(envelope.data.post, site);
  switch (envelope.event) {
    case 'post.created': {
      const { author } = envelope.data.post;
      return line`New idea on ${text(site.title)}: ${post} (by ${userName(author)})`;
    }
    case 'post.updated':
      return line`“${post}” was edited`;
    case 'post.deleted':
      // Its page is gone: no link.
      return line`“${text(envelope.data.post.title)}” was deleted from ${text(site.title)}`;
    case 'post.status_changed': {
      const { to } = envelope.data;
      return to ? line`“${post}” moved to ${text(to.name)}` : line`“${post}” was taken off the roadmap`;
    }
    case 'vote.created':
      return line`${voteCount(envelope.data.post)} on “${post}” (+1 by ${userName(envelope.data.vote.user)})`;
    case 'vote.deleted':
      return line`${voteCount(envelope.data.post)} on “${post}” (-1 by ${userName(envelope.data.vote.user)})`;
    case 'comment.created': {
      const { comment, author } = envelope.data;
      const verb = text(comment.parent_id ? 'replied' : 'commented');
      return line`${userName(author)} ${verb} on “${post}”: ${text(comment.body, COMMENT_EXCERPT_MAX)}`;
    }
    case 'post.merged':
      return line`“${text(envelope.data.mergedFrom.title)}” was merged into “${post}”`;
  }
}

function postLink(post: PostView, site: WebhookSite): Fragment {
  const url = `${site.publicUrl.replace(/\/+$/, '')}/p/${encodeURIComponent(post.slug)}`;
  return link(post.title, url);
}

function userName(user: PublicUser): Fragment {
  return text(user.name.trim() ? user.name : user.username);
}

function voteCount(post: PostView): Fragment {
  const count = post.voters.votesCount;
  return text(`${count} ${count === 1 ? 'vote' : 'votes'}`);
}

function renderSlack(fragment: Fragment): string {
  if (fragment.kind === 'text') return escapeSlack(fragment.text);
  return `<${escapeSlack(fragment.url)}|${escapeSlack(fragment.label || fragment.url)}>`;
}

function escapeSlack(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function renderDiscord(fragment: Fragment): string {
  if (fragment.kind === 'text') return escapeDiscord(fragment.text);
  return `[${escapeDiscord(fragment.label || fragment.url)}](${fragment.url})`;
}

/**
 * A backslash before any punctuation makes Discord show it as is. Escaped: inline styles
 * (`* _ ~ | \``), masked links (`[ ] ( )`), mentions, channels and custom emoji (`<`), bare links
 * (`:` of `https://`), and block syntax a name could start the line with (`# - >`, `1.`).
 * `@everyone` and `@here` need no `<`, so a zero-width space breaks them.
 */
function escapeDiscord(value: string): string {
  return value
    .replace(/[\\*_~|`<>#\-[\]():]/g, '\\$&')
    .replace(/^(\d+)\./, '$1\\.')
    .replace(/@(everyone|here)/gi, '@\u200b$1');
}
