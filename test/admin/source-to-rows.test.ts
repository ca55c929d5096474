import test from 'ava';
import type { SourceData } from '../../src/admin/import-from/source-model.js';
import { sourceToRows } from '../../src/admin/import-from/source-to-rows.js';
import { parseStatusMap } from '../../src/admin/import-from/status-map.js';
import { freshStorage } from '../storage/_config.js';

/*
 * The conversion's own rules, at the lowest layer that shows them: a source in the shared model
 * against a real storage (of this run's engine), reading the rows it would store.
 */

const NOW = '2026-01-01T00:00:00.000Z';

function source(parts: Partial<SourceData>): SourceData {
  return { tool: 'csv', site: '', users: [], boards: [], statuses: [], tags: [], posts: [], votes: [], comments: [], changelog: [], leftOut: [], ...parts };
}

const post = (sourceId: string, extra: Partial<SourceData['posts'][number]> = {}) => ({
  sourceId,
  title: `Post ${sourceId}`,
  content: null,
  boardId: null,
  statusId: null,
  authorId: null,
  createdAt: '2024-01-01T00:00:00Z',
  tagIds: [],
  ...extra,
});

test('a team-only tag never joins a public tag of the same name here (nor the other way round): it comes in beside it', async (t) => {
  const { storage } = await freshStorage(t);
  const now = new Date().toISOString();
  await storage.tags.insert({ id: '7b1f0a2e-0000-4000-8000-000000000001', name: 'Billing', color: '112233', public: true, createdAt: now, updatedAt: now });
  await storage.tags.insert({ id: '7b1f0a2e-0000-4000-8000-000000000002', name: 'Mobile', color: '112233', public: false, createdAt: now, updatedAt: now });
  const data = source({
    tags: [
      { sourceId: 't1', name: 'billing', color: null, isPrivate: true },
      { sourceId: 't2', name: 'Mobile', color: null, isPrivate: false },
      { sourceId: 't3', name: 'MOBILE', color: null, isPrivate: true },
    ],
  });
  const { sections, matched } = await sourceToRows(data, storage, parseStatusMap(undefined), NOW);
  t.deepEqual(
    sections.tags.map((tag) => [tag.name, tag.public]),
    [
      ['billing (csv)', false],
      ['Mobile (csv)', true],
    ],
  );
  t.is(matched.tags, 1, 'the team-only "MOBILE" joins the team-only "Mobile" here');
});

test('boards named in a script urls cannot spell get a url from their id, the same on every run; a taken url gets the tool name', async (t) => {
  const { storage } = await freshStorage(t);
  const now = new Date().toISOString();
  await storage.boards.insert({ id: '7b1f0a2e-0000-4000-8000-000000000003', name: 'Ideas', description: null, url: 'ideas', color: '112233', display: true, viewVoters: true, createdAt: now, updatedAt: now });
  const boards = [
    { sourceId: 'b1', name: 'バグ報告', description: null, hidden: false, createdAt: NOW },
    { sourceId: 'b2', name: 'اقتراحات', description: null, hidden: true, createdAt: NOW },
    { sourceId: 'b3', name: 'Ideas', description: null, hidden: false, createdAt: NOW },
  ];
  const first = await sourceToRows(source({ boards }), storage, parseStatusMap(undefined), NOW);
  const again = await sourceToRows(source({ boards }), storage, parseStatusMap(undefined), NOW);
  const urls = first.sections.boards.map((board) => board.url);
  t.deepEqual(urls, again.sections.boards.map((board) => board.url));
  t.regex(urls[0]!, /^board-[0-9a-f]{6}$/);
  t.not(urls[0], urls[1]);
  t.is(urls[2], 'ideas-csv');
  t.deepEqual(first.sections.boards.map((board) => board.display), [true, false, true]);
});

test('a long title is cut and starts the description; a long comment goes on in replies; a post counting fewer votes than it lists keeps them all', async (t) => {
  const { storage } = await freshStorage(t);
  const longTitle = `${'Very long title '.repeat(20)}end`;
  const longBody = `${'word '.repeat(450)}`.trim();
  const data = source({
    users: [{ sourceId: 'u1', email: 'Ada@Example.org', name: 'Ada', createdAt: NOW }],
    posts: [post('p1', { title: longTitle, content: 'Body', voteCount: 0 })],
    votes: [
      { postId: 'p1', userId: 'u1', createdAt: NOW },
      { postId: 'p1', userId: 'gone', createdAt: NOW },
    ],
    comments: [{ sourceId: 'c1', postId: 'p1', parentId: null, authorId: 'u1', body: longBody, createdAt: NOW, internal: false }],
  });
  const { sections, notes } = await sourceToRows(data, storage, parseStatusMap(undefined), NOW);
  const [row] = sections.posts;
  t.is(Array.from(row!.title).length, 200);
  t.true(row!.title.endsWith('…'));
  t.is(row!.contentMarkdown, `${longTitle}\n\nBody`);
  t.is(sections.votes.length, 2, 'both listed votes are kept, the unknown voter as a placeholder');
  t.true(sections.users.some((user) => user.email === 'ada@example.org'));
  const comments = sections.comments;
  t.is(comments.length, 3);
  t.is(comments.map((comment) => comment.body).join(' '), longBody);
  t.true(comments.every((comment) => Array.from(comment.body).length <= 1000));
  t.deepEqual(comments.slice(1).map((comment) => comment.parentId), [comments[0]!.id, comments[0]!.id]);
  t.true(notes.some((note) => note.includes('continued in 2 more comment(s)')));
  t.true(notes.some((note) => note.includes('counts 0 votes but lists 2 voters')));
});

test('the same person twice in the source (two accounts, one address) is one account with one vote per post', async (t) => {
  const { storage } = await freshStorage(t);
  const data = source({
    users: [
      { sourceId: 'u1', email: 'grace@example.org', name: 'Grace', createdAt: NOW },
      { sourceId: 'u2', email: 'GRACE@example.org', name: 'Grace H', createdAt: NOW },
    ],
    posts: [post('p1', { authorId: 'u2' })],
    votes: [
      { postId: 'p1', userId: 'u1', createdAt: NOW },
      { postId: 'p1', userId: 'u2', createdAt: NOW },
    ],
  });
  const { sections, people } = await sourceToRows(data, storage, parseStatusMap(undefined), NOW);
  t.deepEqual(sections.users.map((user) => user.email), ['grace@example.org']);
  t.is(sections.posts[0]!.userId, sections.users[0]!.id);
  t.is(sections.votes.length, 1);
  t.is(people.created, 1);
});
