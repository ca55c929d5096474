import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import bcrypt from 'bcrypt';
import { importData } from '../../src/admin/import.js';
import type { ImportSummary } from '../../src/admin/import-report.js';
import type { ServiceContext } from '../../src/services/context.js';
import { DEFAULT_SETTINGS } from '../../src/storage/seed.js';
import { openBoard } from './backup-fixtures.js';

const T = '2024-02-01T00:00:00.000Z';
const TIMES = { createdAt: T, updatedAt: T };

const user = (extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  email: 'ada@example.org',
  username: 'ada_k2v9x7qp',
  name: 'Ada',
  isOwner: false,
  isVerified: true,
  isBlocked: false,
  notes: null,
  ...TIMES,
  ...extra,
});
const board = (extra: Record<string, unknown> = {}) => ({ id: randomUUID(), name: 'Ideas', url: 'ideas', color: 'aabbcc', display: true, viewVoters: true, ...TIMES, ...extra });
const role = (extra: Record<string, unknown> = {}) => ({ id: randomUUID(), name: 'Helpers', description: null, isSystem: false, permissions: ['post:create'], ...TIMES, ...extra });
const post = (userId: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  title: 'Dark mode',
  slug: 'dark-mode-k2v9x7qpk2v9x7qpk2v9',
  slugId: 'k2v9x7qpk2v9x7qpk2v9',
  contentMarkdown: null,
  userId,
  boardId: null,
  roadmapId: null,
  ...TIMES,
  ...extra,
});

/** An empty board and a function importing sections into it; a refused file answers its problem (after "is not a valid export: "). */
async function emptyBoard(t: ExecutionContext) {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-import-rules-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const ctx = await openBoard(join(dir, 'data'));
  t.teardown(() => ctx.close());
  const run = async (sections: Record<string, unknown>): Promise<ImportSummary> => {
    const file = join(dir, `${randomUUID()}.json`);
    await writeFile(file, JSON.stringify({ format: 'feedbackd-export', version: 2, ...sections }));
    return importData(ctx, { file, onConflict: 'skip' });
  };
  const refusal = async (sections: Record<string, unknown>): Promise<string> => {
    const message = await run(sections).then(
      () => 'imported without a problem',
      (error: Error) => error.message,
    );
    return message.replace(/^.* is not a valid export: /, '');
  };
  return { ctx: ctx as ServiceContext, run, refusal };
}

test('import refuses the values the API would refuse, naming the row and field, and writes nothing', async (t) => {
  const { ctx, refusal } = await emptyBoard(t);
  const ada = user();
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ boards: [board({ url: 'get' })] }, 'boards[0] field url: "get" is reserved: a route of the API has that path under /api/v1/boards/'],
    [{ boards: [board({ url: 'my board/../x' })] }, 'boards[0] field url: is not what the API stores: it would store "my-board-x"'],
    [{ boards: [board({ color: 'zzzzzz' })] }, "boards[0] field color: breaks the API's rule (Color must be a valid hexadecimal value)"],
    [{ boards: [board({ name: 'n'.repeat(500) })] }, "boards[0] field name: breaks the API's rule (Board name cannot exceed 50 characters)"],
    [{ roadmaps: [{ ...board({ url: 'sort' }), index: 1 }] }, 'roadmaps[0] field url: "sort" is reserved: a route of the API has that path under /api/v1/roadmaps/'],
    [{ roles: [role({ permissions: ['post:create', 'everything'] })] }, "roles[0] field permissions: breaks the API's rule (Unknown permission: everything)"],
    [{ users: [user({ email: 'not-an-email' })] }, "users[0] field email: breaks the API's rule (Enter valid email)"],
    [{ users: [user({ name: 'Ada\u0000' })] }, 'users[0] field name: must not contain NUL characters'],
    [{ users: [ada], posts: [post(ada.id, { title: 'Dark \udc00 mode' })] }, 'posts[0] field title: must not contain lone surrogates (half of a UTF-16 pair: not valid Unicode)'],
    [{ users: [ada], posts: [post(ada.id, { title: 't'.repeat(5000) })] }, "posts[0] field title: breaks the API's rule (Post title cannot exceed 200 characters)"],
    [{ users: [user({ passwordHash: 'correct horse battery' })] }, 'users[0] field passwordHash: must be a bcrypt hash ($2a$, $2b$ or $2y$, a cost, 53 characters), or empty for no password'],
    [{ users: [user({ isOwner: true, isBlocked: true })] }, 'users[0] field isBlocked: the owner cannot be blocked'],
    [{ roles: [role({ isSystem: true })] }, 'roles[0] field isSystem: only the @everyone role (f6027b68-6c4f-4331-8354-41836f654980) is a system role'],
    [{ settings: { ...DEFAULT_SETTINGS, accentColor: 'zzz' } }, "settings field accentColor: breaks the API's rule (Invalid accent color)"],
  ];
  for (const [sections, problem] of cases) t.is(await refusal(sections), problem);
  t.is(await ctx.storage.users.count(), 0, 'nothing written');
  t.is(await ctx.storage.boards.count(), 0, 'nothing written');
});

test('rows in the form the API stores are imported; an email is stored lower-cased, as the API stores it', async (t) => {
  const { ctx, run } = await emptyBoard(t);
  const ada = user({ email: 'Ada@Example.org', passwordHash: await bcrypt.hash('correct horse battery', 4) });
  const summary = await run({ users: [ada], boards: [board()], roles: [role()], posts: [post(ada.id)] });
  t.deepEqual(summary.counts.users, { imported: 1, skipped: 0, refused: 0 });
  t.deepEqual(summary.counts.posts, { imported: 1, skipped: 0, refused: 0 });
  t.is((await ctx.storage.users.get(ada.id))?.email, 'ada@example.org');
});
