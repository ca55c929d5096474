// Markdown to safe HTML: marked parses, DOMPurify removes anything that could run or load script.
// Loaded on demand (post page, previews) so the board page does not carry it.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { isRootRelative, withBase } from './base.js';

/** `<`, `>`, `&` and quotes as entities, so text shows as typed. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Raw HTML in a post is shown as the text it is, never as markup: nobody needs tags to describe an
// idea, and markup that never reaches the DOM cannot carry a handler. DOMPurify stays as the second wall.
const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    image: ({ href, title, text }) => renderImage(href, title, text),
    // The page's title is the one h1: a post's own headings start one level below it.
    heading({ tokens, depth }) {
      const level = Math.min(depth + 1, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

/** An image uploaded here (issue 31 §3): `/uploads/<sha256>`, optionally `?w=<width>&h=<height>` as the editor writes it. */
const UPLOADED = /^\/uploads\/([0-9a-f]{64})(?:\?w=(\d{1,5})&h=(\d{1,5}))?$/;
/** Gravatar's avatars, the one other place images may come from. */
const GRAVATAR = /^https:\/\/(?:www\.|secure\.|[0-9]\.)?gravatar\.com\/avatar\/[0-9a-f]{32,64}(?:\?[\w=&%.-]*)?$/;

/**
 * Images show only from this server's `/uploads/` (with their size, so the page does not jump,
 * and a link to the full-size picture) or from Gravatar; any other image is a plain link to it,
 * so reading a post never makes the browser fetch from a stranger's server.
 */
function renderImage(href: string, title: string | null, text: string): string {
  const alt = escapeHtml(text);
  const titled = title ? ` title="${escapeHtml(title)}"` : '';
  const uploaded = UPLOADED.exec(href);
  if (uploaded) {
    const full = `/uploads/${uploaded[1]}`;
    const size = uploaded[2] && uploaded[3] ? ` width="${Number(uploaded[2])}" height="${Number(uploaded[3])}"` : '';
    return `<a href="${full}"><img src="${full}" alt="${alt}"${titled}${size} loading="lazy"></a>`;
  }
  if (GRAVATAR.test(href)) return `<img src="${escapeHtml(href)}" alt="${alt}"${titled} loading="lazy">`;
  return `<a href="${escapeHtml(href)}">${alt || escapeHtml(href)}</a>`;
}

const PURIFY = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'svg', 'math', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'class', 'id'],
  ALLOW_DATA_ATTR: false,
  // http(s), mailto and relative links only: no javascript:, data:, vbscript: or other schemes.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/|#|\.{0,2}\/|[^:/?#]*(?:[/?#]|$))/i,
};

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') node.setAttribute('rel', 'nofollow noopener noreferrer ugc');
  // DOMPurify keeps data: URIs on images by default; a post has no use for them (and the CSP refuses them).
  if (/^\s*data:/i.test(node.getAttribute('src') ?? '')) node.removeAttribute('src');
  // Stored Markdown names this site's pages and `/uploads/…` from the board's root; the browser needs the sub-path (issue 33 §2).
  for (const name of ['href', 'src']) {
    const address = node.getAttribute(name);
    if (address && isRootRelative(address)) node.setAttribute(name, withBase(address));
  }
});

/** Sanitised HTML for a post's or comment's Markdown. */
export function renderMarkdown(source: string): string {
  return DOMPurify.sanitize(parse(source), PURIFY) as unknown as string;
}

function parse(source: string): string {
  try {
    return marked.parse(source) as string;
  } catch {
    // Nesting thousands deep exhausts the parser's stack: show such a text as plain paragraphs.
    return source
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join('');
  }
}
