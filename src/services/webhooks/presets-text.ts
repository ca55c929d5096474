/**
 * A chat message as a dialect-neutral line: our own words (template literals, written to need no
 * escaping in any dialect) around fragments that carry user text, which each dialect escapes.
 */
export interface MessageLine {
  words: readonly string[];
  fragments: readonly Fragment[];
}

/** Titles are at most 200 characters and names 64; comment excerpts are cut here too. */
const USER_TEXT_MAX = 200;

export type Fragment = { kind: 'text'; text: string } | { kind: 'link'; label: string; url: string };

/** Tag for a message line: `line\`New idea on ${text(title)}\``. */
export function line(words: TemplateStringsArray, ...fragments: Fragment[]): MessageLine {
  return { words, fragments };
}

/** User text, shown on one line and at most `max` characters. */
export function text(value: string, max = USER_TEXT_MAX): Fragment {
  return { kind: 'text', text: oneLine(value, max) };
}

export function link(label: string, url: string): Fragment {
  return { kind: 'link', label: oneLine(label, USER_TEXT_MAX), url: safeUrl(url) };
}

/** The line with each fragment rendered by a dialect. */
export function renderLine(message: MessageLine, render: (fragment: Fragment) => string): string {
  return message.words.reduce((out, word, i) => {
    const fragment = message.fragments[i - 1];
    return out + (fragment ? render(fragment) : '') + word;
  }, '');
}

// Bidi embeddings, overrides and isolates would reorder the rest of the line, our words and the link included.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** One line of plain text: bidi controls dropped, runs of whitespace and control characters (newlines too) as one space, cut at `max` code points with `…`. */
export function oneLine(value: string, max: number): string {
  const flat = value.replace(BIDI_CONTROLS, '').replace(/[\s\p{Cc}]+/gu, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : flat;
}

/** At most `max` UTF-16 units, a surrogate pair never split: the unit chat services count in. */
export function clipUnits(value: string, max: number): string {
  if (value.length <= max) return value;
  let end = max - 1;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${value.slice(0, end)}…`;
}

/** Percent-encodes what could end a link early in Slack (`|`, `>`) or Discord (`)`), whatever the configured base URL holds. */
function safeUrl(url: string): string {
  // encodeURIComponent leaves parentheses as they are.
  return url.replace(/[\s"<>|()\\]/g, (c) => (c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c)));
}
