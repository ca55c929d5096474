import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SourceData } from '../../../src/admin/import-from/source-model.js';

/*
 * A spreadsheet of ideas as a team keeps one: semicolons (a German Excel), a byte order mark,
 * quoted fields with line breaks and quotes, Markdown, Japanese, Arabic and emoji, three boards
 * (categories), statuses, authors by email (one in capitals), one by name only, one without, and a
 * post with thousands of votes. `expected` is what the file holds, written by this code.
 */

const HEADER = ['Idea', 'Details', 'Submitted by', 'Votes', 'Stage', 'Area', 'Date'];

interface Row {
  title: string;
  details: string;
  author: string;
  votes: number;
  stage: string;
  area: string;
  date: string;
}

const ROWS: Row[] = [
  { title: 'Dark mode', details: 'The dashboard is **too bright** at night.\n\n- menus\n- charts', author: 'ada@example.org', votes: 2600, stage: 'Planned', area: 'Features', date: '2023-01-15 09:30' },
  { title: 'Export to "PDF"', details: 'As a report; semicolons; too', author: 'GRACE@EXAMPLE.ORG', votes: 41, stage: 'In progress', area: 'Features', date: '2023-02-01' },
  { title: 'ダークモードの改善', details: '夜に使うと **まぶしい** です。', author: 'kenji@example.jp', votes: 7, stage: 'open', area: 'Features', date: '2023-03-10T08:00:00+09:00' },
  { title: 'دعم اللغة العربية', details: 'نريد واجهة من اليمين إلى اليسار', author: 'layla@example.org', votes: 12, stage: 'Done', area: 'Localisation', date: '2023-04-02 12:00:00' },
  { title: 'Crash on login 🐛', details: '', author: 'Anonymous Bob', votes: 3, stage: '', area: 'Bugs', date: '2023-05-05' },
  { title: 'Slow search', details: 'Takes 5 s', author: '', votes: 0, stage: 'open', area: 'Bugs', date: '2023-06-06 06:06' },
  { title: 'Dark mode', details: 'Same title, another board', author: 'ada@example.org', votes: 1, stage: 'Done', area: 'Bugs', date: '2023-07-07' },
];

function quoted(cell: string): string {
  return /[";\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The CSV text of these rows (';'-separated, CRLF, with a BOM). */
export function csvText(rows: readonly Row[] = ROWS): string {
  const lines = [HEADER, ...rows.map((row) => [row.title, row.details, row.author, String(row.votes), row.stage, row.area, row.date])];
  return `\uFEFF${lines.map((cells) => cells.map(quoted).join(';')).join('\r\n')}\r\n`;
}

/** The `--map` naming this file's columns. */
export const CSV_MAP = 'title=Idea,content=Details,author=Submitted by,votes=Votes,status=Stage,board=Area,created=Date';

function iso(date: string): string {
  const withTime = /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date.includes('+') ? date : `${date.replace(' ', 'T')}Z`;
  return new Date(withTime).toISOString();
}

/** Writes the fixture into `dir`; answers its path and the truth it holds. */
export async function buildCsvFixture(dir: string): Promise<{ source: string; expected: SourceData }> {
  const source = join(dir, 'ideas.csv');
  await writeFile(source, csvText());
  const people = [...new Set(ROWS.map((row) => row.author).filter(Boolean))];
  const statuses = [...new Set(ROWS.map((row) => row.stage).filter(Boolean))];
  const areas = [...new Set(ROWS.map((row) => row.area))];
  const expected: SourceData = {
    tool: 'csv',
    site: '',
    users: people.map((author) => ({ sourceId: author, email: author.includes('@') ? author : null, name: author.includes('@') ? '' : author, createdAt: '' })),
    boards: areas.map((area) => ({ sourceId: area, name: area, description: null, hidden: false, createdAt: '' })),
    statuses: statuses.map((stage) => ({ sourceId: stage, name: stage, color: null, isDefault: stage === 'open' })),
    tags: [],
    posts: ROWS.map((row, index) => ({
      sourceId: String(index),
      title: row.title,
      content: row.details || null,
      boardId: row.area,
      statusId: row.stage || null,
      authorId: row.author || null,
      createdAt: iso(row.date),
      tagIds: [],
      voteCount: row.votes,
    })),
    votes: [],
    comments: [],
    changelog: [],
    leftOut: [],
  };
  return { source, expected };
}

/** The same file with one row's votes not a number. */
export function csvWithBadVotes(): string {
  return csvText(ROWS.map((row, index) => (index === 3 ? { ...row, votes: 'many' as unknown as number } : row)));
}
