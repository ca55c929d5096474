// Markdown to safe HTML: marked parses, DOMPurify removes anything that could run or load script.
// Loaded on demand (post page, previews) so the board page does not carry it.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const PURIFY = {
  // Markup that has no place in a feedback post, whatever the sanitiser would let through.
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'svg', 'math', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'class', 'id'],
  ALLOW_DATA_ATTR: false,
  // http(s), mailto and relative links only: no javascript:, data:, vbscript: or other schemes.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/|#|\.{0,2}\/|[^:/?#]*(?:[/?#]|$))/i,
  ADD_ATTR: ['target'],
};

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('rel', 'nofollow noopener noreferrer ugc');
    node.removeAttribute('target');
  }
});

/** Sanitised HTML for a post's or comment's Markdown. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source) as string;
  return DOMPurify.sanitize(html, PURIFY) as unknown as string;
}
