/*
 * The shared proof of every importer (issue 32, "Done when"): a source's fixture is imported into
 * an empty board and into a board with posts of its own, on the engine of this run; then every
 * post (title, content, board, status, author, date), every vote count and every comment thread
 * is read back through the API and compared with the fixture's own truth (`expected`); a second
 * run adds nothing; a dry run writes nothing; a damaged source changes nothing.
 *
 * A tool's test file calls `importSuite(test, {...})` once; it registers those tests.
 */
import type { ExecutionContext, TestFn } from 'ava';
import { runOperation } from '../../src/admin/operations.js';
import type { SourceData, SourceUser } from '../../src/admin/import-from/source-model.js';
import type { SourceImportSummary } from '../../src/admin/import-from/source-report.js';
import { splitText } from '../../src/admin/import-from/source-texts.js';
import { parsePersonName } from '../../src/services/validation/account.js';
import { OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/** A board to import into: its server and the owner's token. */
export interface ImportBoard {
  server: TestServer;
  ownerToken: string;
  /** The board's own posts before the import (title → votes), empty for an empty board. */
  ownPosts: Map<string, number>;
}

/** What a tool's test gives the suite. */
export interface ImportSuite {
  /** `--from`. */
  from: string;
  /** Builds the fixture: the operation's arguments (source, apiKeyFile…) and the truth it holds. */
  build(t: ExecutionContext): Promise<{ args: Record<string, unknown>; expected: SourceData }>;
  /** Damaged variants: each must be refused with a message matching `message`, changing nothing. */
  damaged: ReadonlyArray<{ name: string; build(t: ExecutionContext): Promise<Record<string, unknown>>; message: RegExp }>;
}

/** The owner of every test board: an address no fixture uses. */
const BOARD_OWNER = { ...OWNER, email: 'owner@board-under-test.example' };

/** A board with the owner set up; with `ownContent`, a board, a member and posts of its own, and a member who is also in the source (same email, other case). */
export async function boardForImport(t: ExecutionContext, expected: SourceData | null): Promise<ImportBoard> {
  const server = await startTestServer();
  t.teardown(() => server.close());
  const setup = await server.request('POST', '/auth/setup', { body: BOARD_OWNER });
  t.is(setup.status, 201, setup.text);
  const ownerToken: string = setup.body.user.authToken;
  const board: ImportBoard = { server, ownerToken, ownPosts: new Map() };
  if (expected === null) return board;
  const known = expected.users.find((user) => user.email?.includes('@'));
  const member = await signUp(server, known ? flipCase(known.email!) : 'member@board-under-test.example', known?.name || 'Member');
  const own = await server.request('POST', '/boards', { token: ownerToken, body: { name: 'Our own ideas', display: true } });
  t.is(own.status, 201, own.text);
  for (const title of ['An idea that was here first', 'Another one of ours']) {
    const post = await server.request('POST', '/posts', { token: member, body: { title, contentMarkdown: 'Ours.', boardId: own.body.board.boardId } });
    t.is(post.status, 201, post.text);
    board.ownPosts.set(title, 1);
  }
  return board;
}

async function signUp(server: TestServer, email: string, name: string): Promise<string> {
  const answer = await server.request('POST', '/auth/signup', { body: { email, password: 'a long enough password', name: name.replace(/[^\p{L}\p{M}\p{Nd} .'-]/gu, '').slice(0, 60) || 'Member' } });
  if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.text}`);
  return answer.body.user.authToken;
}

function flipCase(email: string): string {
  return email.replace(/[a-z]/g, (letter) => letter.toUpperCase());
}

/** Runs `import.source` in the server's process, as the control socket does. */
export async function importInto(board: ImportBoard, args: Record<string, unknown>): Promise<SourceImportSummary> {
  return (await runOperation(board.server.ctx, 'import.source', args)) as SourceImportSummary;
}

/** One post as the API shows it to the owner, reduced to what the source decides. */
export interface PostAsShown {
  title: string;
  content: string | null;
  board: string | null;
  boardHidden: boolean | null;
  roadmap: string | null;
  /** The author's email, or `placeholder:<name>` for a placeholder account. */
  author: string;
  createdAt: string;
  votes: number;
  /** Each comment: body, author, date, internal, and its parent's body ('' at the top). */
  comments: string[];
  tags: string[];
}

/** Every post of the board as the owner sees it, keyed by `title @ createdAt`. */
export async function postsAsShown(board: ImportBoard): Promise<Map<string, PostAsShown>> {
  const { server, ownerToken: token } = board;
  const emails = await userEmails(board);
  const hidden = new Map<string, boolean>();
  for (let page = 1; ; page++) {
    const answer = await server.request('GET', `/boards/get?page=${page}&limit=100`, { token });
    for (const item of answer.body.boards) hidden.set(item.boardId, item.display === false);
    if (answer.body.boards.length < 100) break;
  }
  const shown = new Map<string, PostAsShown>();
  for (let page = 1; ; page++) {
    const answer = await server.request('POST', '/posts/get', { token, body: { page, limit: 100, created: 'asc' } });
    if (answer.status !== 200) throw new Error(answer.text);
    for (const post of answer.body.posts) {
      const key = `${post.title} @ ${post.createdAt}`;
      shown.set(key, {
        title: post.title,
        content: post.contentMarkdown === null ? null : await servedImages(board, post.contentMarkdown),
        board: post.board?.name ?? null,
        boardHidden: post.board ? (hidden.get(post.board.boardId) ?? null) : null,
        roadmap: post.roadmap?.name ?? null,
        author: personKey(emails, post.author),
        createdAt: post.createdAt,
        votes: post.voters.votesCount,
        comments: await commentsOf(board, post.postId, emails),
        tags: (post.tags ?? []).map((tag: { name: string }) => tag.name).sort(),
      });
    }
    if (answer.body.posts.length < 100) break;
  }
  return shown;
}

async function userEmails(board: ImportBoard): Promise<Map<string, { email: string; name: string }>> {
  const emails = new Map<string, { email: string; name: string }>();
  for (let page = 1; ; page++) {
    const answer = await board.server.request('GET', `/users?page=${page}&limit=100`, { token: board.ownerToken });
    for (const user of answer.body.users) emails.set(user.userId, { email: user.email, name: user.name });
    if (answer.body.users.length < 100) break;
  }
  return emails;
}

function personKey(emails: ReadonlyMap<string, { email: string; name: string }>, author: { userId: string }): string {
  const user = emails.get(author.userId);
  if (!user) return `unknown:${author.userId}`;
  return user.email.endsWith('@imported.invalid') ? `placeholder:${user.name}` : user.email;
}

async function commentsOf(board: ImportBoard, postId: string, emails: ReadonlyMap<string, { email: string; name: string }>): Promise<string[]> {
  const items: Array<{ id: string; parent: string | null; line: Omit<string, never> }> = [];
  for (let page = 1; ; page++) {
    const answer = await board.server.request('GET', `/posts/${postId}/activity?page=${page}&limit=100&visibility=public,internal`, { token: board.ownerToken });
    if (answer.status !== 200) throw new Error(answer.text);
    for (const activity of answer.body.activity) {
      const { comment, author } = activity;
      const body = await servedImages(board, comment.body);
      items.push({ id: comment.id, parent: comment.parent_id, line: `${body} | ${personKey(emails, author)} | ${comment.created_at} | ${comment.is_internal ? 'internal' : 'public'}` });
    }
    if (answer.body.activity.length < 100) break;
  }
  const bodies = new Map(items.map((item) => [item.id, String(item.line).split(' | ')[0]]));
  return items.map((item) => `${String(item.line)} | re: ${item.parent === null ? '' : (bodies.get(item.parent) ?? '?')}`).sort();
}

/** Where a text shows an upload: `/uploads/<sha256>` (an id the fixture cannot know, the bytes being cleaned). */
const UPLOAD_LINK = /\/uploads\/[0-9a-f]{64}/g;
const IMAGE = '/uploads/<image>';

/** The text with each upload it shows checked to be served as an image, and named `IMAGE`. */
async function servedImages(board: ImportBoard, text: string): Promise<string> {
  for (const link of text.match(UPLOAD_LINK) ?? []) {
    const answer = await board.server.request('GET', link, { fromRoot: true });
    if (answer.status !== 200 || !answer.headers.get('content-type')?.startsWith('image/')) throw new Error(`${link} is not served as an image: ${answer.status}`);
  }
  return text.replace(UPLOAD_LINK, IMAGE);
}

/** The source's text as the board shows it: each image the source holds is an upload here. */
function withUploads(text: string, expected: SourceData): string {
  return (expected.images ?? []).reduce((result, image) => result.split(image.ref).join(IMAGE), text);
}

/** How the API should show each source post, from the fixture's truth alone. */
export function postsExpected(expected: SourceData, statusRoadmap = defaultRoadmap(expected)): Map<string, PostAsShown> {
  const users = new Map(expected.users.map((user) => [user.sourceId, user]));
  const boards = new Map(expected.boards.map((board) => [board.sourceId, board]));
  const tags = new Map(expected.tags.map((tag) => [tag.sourceId, tag.name.trim()]));
  const comments = new Map(expected.comments.map((comment) => [comment.sourceId, comment]));
  const shown = new Map<string, PostAsShown>();
  for (const post of expected.posts) {
    const createdAt = new Date(post.createdAt).toISOString();
    const board = post.boardId === null ? undefined : boards.get(post.boardId);
    const voters = new Set<string>();
    let anonymous = 0;
    for (const vote of expected.votes) {
      if (vote.postId !== post.sourceId) continue;
      if (vote.userId === null) anonymous += 1;
      else voters.add(voterKey(users.get(vote.userId), vote.userId));
    }
    const listed = voters.size + anonymous;
    const postComments = expected.comments.filter((comment) => comment.postId === post.sourceId);
    shown.set(`${post.title.trim()} @ ${createdAt}`, {
      title: post.title.trim(),
      content: post.content?.trim() ? withUploads(post.content, expected) : null,
      board: board?.name.trim() ?? null,
      boardHidden: board ? board.hidden : null,
      roadmap: post.statusId === null ? null : (statusRoadmap.get(post.statusId) ?? null),
      author: authorKey(post.authorId === null ? undefined : users.get(post.authorId), 'Imported author'),
      createdAt,
      votes: Math.max(listed, post.voteCount ?? 0),
      comments: postComments.flatMap((comment) => commentLines({ ...comment, body: withUploads(comment.body, expected) }, comments, users)).sort(),
      tags: [...new Set(post.tagIds)].map((id) => tags.get(id)!).filter(Boolean).sort(),
    });
  }
  return shown;
}

/** Each status's roadmap when no --status-map is given: its own name, none for the default status. */
export function defaultRoadmap(expected: SourceData): Map<string, string | null> {
  return new Map(expected.statuses.map((status) => [status.sourceId, status.isDefault ? null : status.name.trim()]));
}

function voterKey(user: SourceUser | undefined, sourceId: string): string {
  return user?.email ? user.email.toLowerCase() : `source:${sourceId}`;
}

function authorKey(user: SourceUser | undefined, fallback: string): string {
  if (user?.email) return user.email.toLowerCase();
  // Names follow the profile's rule (letters, digits, spaces, . ' -; at most 64): `Zoë 🚀` is `Zoë`.
  const name = user ? parsePersonName(Array.from(user.name.trim()).slice(0, 64).join('')) : '';
  // Whoever wrote the post or comment and kept no name is a "Deleted user" ("Imported voter" is for voters only).
  return `placeholder:${name || (user ? 'Deleted user' : fallback)}`;
}

function commentLines(comment: SourceData['comments'][number], all: ReadonlyMap<string, SourceData['comments'][number]>, users: ReadonlyMap<string, SourceUser>): string[] {
  const author = authorKey(comment.authorId === null ? undefined : users.get(comment.authorId), 'Imported author');
  const createdAt = new Date(comment.createdAt).toISOString();
  const parent = comment.parentId === null ? undefined : all.get(comment.parentId);
  const parentBody = parent ? splitText(parent.body.trim() || '(no text)', 1000)[0]! : '';
  const pieces = splitText(comment.body.trim() || '(no text)', 1000);
  const visibility = comment.internal ? 'internal' : 'public';
  return pieces.map((body, part) => `${body} | ${author} | ${createdAt} | ${visibility} | re: ${part === 0 ? parentBody : (parentBody || pieces[0])}`);
}

/** The source's posts are on the board exactly as the fixture holds them; the board's own are untouched. */
export async function assertImported(t: ExecutionContext, board: ImportBoard, expected: SourceData, statusRoadmap?: Map<string, string | null>): Promise<void> {
  const shown = await postsAsShown(board);
  const wanted = postsExpected(expected, statusRoadmap);
  for (const [key, post] of wanted) {
    const actual = shown.get(key);
    if (!actual) {
      t.fail(`post "${key}" is not on the board`);
      continue;
    }
    t.deepEqual(actual, post, `post "${key}"`);
  }
  const own = [...shown.values()].filter((post) => board.ownPosts.has(post.title));
  t.is(own.length, board.ownPosts.size, 'the board keeps its own posts');
  for (const post of own) t.is(post.votes, board.ownPosts.get(post.title) ?? -1, `"${post.title}" keeps its votes`);
  t.is(shown.size, wanted.size + board.ownPosts.size, 'no post more, no post less');
}

/** A fingerprint of everything the board holds, through the API: equal before and after means nothing was written. */
export async function boardFingerprint(board: ImportBoard): Promise<string> {
  const posts = [...(await postsAsShown(board)).values()];
  const users = [...(await userEmails(board)).values()].map((user) => user.email).sort();
  const roadmaps = await board.server.request('GET', '/roadmaps?first=100', { token: board.ownerToken });
  const tags = await board.server.request('GET', '/tags', { token: board.ownerToken });
  return JSON.stringify({ posts, users, roadmaps: roadmaps.body, tags: tags.body });
}

/**
 * Registers the standard tests of one importer: two full imports (into an empty board, and after
 * a dry run into a board with posts of its own), then each damaged source against one board
 * (a refused import changes nothing, so they can share it).
 */
export function importSuite(test: TestFn, suite: ImportSuite): void {
  for (const withOwn of [false, true]) {
    const into = withOwn ? 'a board with posts of its own, after a dry run that writes nothing' : 'an empty board';
    test(`--from ${suite.from} into ${into}: every post, vote and comment as in the source; a second run adds nothing`, async (t) => {
      const { args, expected } = await suite.build(t);
      const board = await boardForImport(t, withOwn ? expected : null);
      if (withOwn) {
        const before = await boardFingerprint(board);
        const dry = await importInto(board, { from: suite.from, ...args, dryRun: true });
        t.true(dry.dryRun);
        t.is(dry.counts.posts?.created ?? 0, expected.posts.length);
        t.is(await boardFingerprint(board), before, 'the dry run wrote nothing');
      }
      const first = await importInto(board, { from: suite.from, ...args });
      t.false(first.dryRun);
      await assertImported(t, board, expected);
      const after = await boardFingerprint(board);
      const second = await importInto(board, { from: suite.from, ...args });
      for (const [section, counts] of Object.entries(second.counts)) t.is(counts.created, 0, `second run created ${section}`);
      t.is(await boardFingerprint(board), after, 'the second run changed nothing');
      const hasEmails = expected.users.some((user) => user.email?.includes('@'));
      if (withOwn && hasEmails) t.true(first.people.matched >= 1, 'the member already here is matched by email');
    });
  }
  if (suite.damaged.length === 0) return;
  test(`--from ${suite.from}: damaged sources are refused, each with its reason, and change nothing`, async (t) => {
    const board = await boardForImport(t, null);
    const before = await boardFingerprint(board);
    for (const damaged of suite.damaged) {
      const args = await damaged.build(t);
      const error = await t.throwsAsync(importInto(board, { from: suite.from, ...args }), undefined, damaged.name);
      t.regex(error?.message ?? '', damaged.message, damaged.name);
    }
    t.is(await boardFingerprint(board), before);
  });
}
