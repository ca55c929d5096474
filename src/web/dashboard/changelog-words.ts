import type { ChangelogEntry, ChangelogLabel } from '../api/types.js';

// How the Changelog section says things: an entry's state, its labels, the time it comes out.

/** The labels in the API's order, as the editor's checkboxes name them. */
export const LABELS: readonly { label: ChangelogLabel; words: string }[] = [
  { label: 'new', words: 'New' },
  { label: 'improved', words: 'Improved' },
  { label: 'fixed', words: 'Fixed' },
];

const dayOnly = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'long',
});
const dayAndYear = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const time = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
});

/** "1 March" this year, "1 March 2027" otherwise (in the reader's own order). */
function dayOf(date: Date, now: Date): string {
  return (date.getFullYear() === now.getFullYear() ? dayOnly : dayAndYear).format(date);
}

/** "Draft", "Scheduled for 1 March, 09:00", "Published 29 November". */
export function statusWords(entry: ChangelogEntry, now = new Date()): string {
  if (entry.status === 'published' && entry.publishedAt) return `Published ${dayOf(new Date(entry.publishedAt), now)}`;
  if (entry.status === 'scheduled' && entry.publishAt) {
    const at = new Date(entry.publishAt);
    return `Scheduled for ${dayOf(at, now)}, ${time.format(at)}`;
  }
  return 'Draft';
}

/** "1 idea", "3 ideas", "No ideas". */
export function ideasCount(count: number): string {
  if (count === 0) return 'No ideas';
  return count === 1 ? '1 idea' : `${count} ideas`;
}

/** A stored time as a `datetime-local` input's value, in the reader's own zone. */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the reader's zone) as the ISO time the API takes; null when unreadable. */
export function isoOfLocal(value: string): string | null {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}
