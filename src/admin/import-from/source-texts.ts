import { codePointLength } from '../../services/validation/fields.js';

/** Cuts a text to `max` code points, ending in "…" when it was longer. */
export function cutText(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  return `${Array.from(text).slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * Splits a text into pieces of at most `max` code points, at a line break or a space when one is
 * near the end of a piece, so that a comment longer than feedbackd allows is kept whole, in parts.
 */
export function splitText(text: string, max: number): string[] {
  const points = Array.from(text);
  const pieces: string[] = [];
  let start = 0;
  while (points.length - start > max) {
    let end = start + max;
    const window = points.slice(start + Math.floor(max * 0.8), end).join('');
    const breakAt = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
    if (breakAt > 0) end = start + Math.floor(max * 0.8) + Array.from(window.slice(0, breakAt)).length + 1;
    pieces.push(points.slice(start, end).join('').trim());
    start = end;
  }
  pieces.push(points.slice(start).join('').trim());
  return pieces.filter((piece) => piece !== '');
}

/** An ISO 8601 time with milliseconds and `Z`, as rows hold it; null when the text is not a time. */
export function isoTime(text: string): string | null {
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
