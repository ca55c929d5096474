// Numbers and times in the page's language (DESIGN.md: Words; issue 33): the language the page was
// served in, so a German page writes "1.234" and "vor 3 Tagen" whatever the browser's own setting.
import { formatNumber as formatNumberIn } from '../i18n/messages.js';
import { locale } from './i18n/t.js';

// The page's language is in its `<html lang>` before any script runs, so these are made once.
const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });

/** 1234 → "1,234" (or the page language's own grouping). */
export const formatNumber = (n: number): string => formatNumberIn(locale, n);

/**
 * "5 votes", "1 vote" with English's two forms: for the dashboard's English words only. The site's
 * translated pages use plural messages (`t('board.voteCount', { count })`).
 */
export function countOf(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "just now"-style text for a timestamp. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** The full date and time, for a tooltip. */
export const formatDate = (iso: string): string => absolute.format(new Date(iso));

/** Initials for an avatar fallback: "Grace Hopper" → "GH". */
export function initials(name: string, username: string): string {
  const words = (name || username).trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0] ?? '?'];
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}

/** Where a Markdown line starts a block of its own: a heading, a list item or a quote. */
const BLOCK_MARK = /^\s{0,3}(#{1,6}|[-*+]|\d+[.)]|>)(\s+|$)/;
/** A table's header rule (`|---|:--:|`): no words in it. */
const TABLE_RULE = /^\s*\|?[\s:|-]*-{3,}[\s:|-]*$/;

/**
 * Plain text from Markdown, good enough for a two-line excerpt (never rendered as HTML). Paragraphs,
 * list items and headings stay apart, joined by " · ", so a list does not run into one sentence.
 */
export function plainExcerpt(markdown: string | null, max = 240): string {
  if (!markdown) return '';
  const source = markdown.slice(0, max * 4).replace(/```[\s\S]*?(```|$)/g, '\n\n');
  const text = blocksOf(source).map(inlineText).filter(Boolean).join(' · ');
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/**
 * The text of each block, its lines joined. A blank line or a table rule ends one; a heading, a
 * list item or a table row starts one; a quote starts one unless it goes on from the line above.
 */
function blocksOf(markdown: string): string[] {
  const blocks: string[] = [];
  let lines: string[] = [];
  let quoting = false;
  const end = () => {
    if (lines.length > 0) blocks.push(lines.join(' '));
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    if (!line.trim() || TABLE_RULE.test(line)) {
      end();
      quoting = false;
      continue;
    }
    const mark = BLOCK_MARK.exec(line)?.[1];
    const goesOnQuoting = mark === '>' && quoting;
    if ((mark && !goesOnQuoting) || line.trimStart().startsWith('|')) end();
    quoting = mark === '>';
    lines.push(line.replace(BLOCK_MARK, ''));
    // A heading is one line: what follows it is a block of its own.
    if (mark?.startsWith('#')) end();
  }
  end();
  return blocks;
}

/** One block's words without the inline markup. */
function inlineText(block: string): string {
  return block
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\|/g, ' ')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const DURATION_UNITS: Array<[Intl.NumberFormatOptions['unit'], number]> = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** A lifetime in seconds as the reader says it: 900 → "15 minutes", 3600 → "1 hour" (the largest whole unit). */
export function durationWords(seconds: number): string {
  const [unit, size] = DURATION_UNITS.find(([, length]) => seconds >= length && seconds % length === 0) ?? ['second', 1];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size);
}
