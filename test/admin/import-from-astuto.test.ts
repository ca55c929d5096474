import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import { readAstuto } from '../../src/admin/import-from/astuto.js';
import { SourceError } from '../../src/admin/import-from/source-model.js';
import {
  ASTUTO_DAMAGES,
  type AstutoDamage,
  type AstutoFixture,
  buildAstutoFixture,
  buildOtherToolDatabase,
  damageAstuto,
  dropApprovalStatus,
  keepOnlyAcme,
} from './import-fixtures/astuto.js';
import { assertImported, boardForImport, importInto, importSuite } from './_import-from.js';

// The Astuto reader against a database built like Astuto's (import-fixtures/astuto.ts). It needs
// PostgreSQL: TEST_DATABASE_URL, always set on CI. Without it these tests are skipped, saying why,
// as the PostgreSQL run is (README, Tests).
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';

if (databaseUrl === '') {
  test.skip('the Astuto importer tests read a PostgreSQL database: skipped without TEST_DATABASE_URL', () => undefined);
}
const pgTest = databaseUrl === '' ? test.skip : test;

async function fixture(t: ExecutionContext): Promise<AstutoFixture> {
  const built = await buildAstutoFixture(databaseUrl);
  t.teardown(built.drop);
  return built;
}

/** The password of TEST_DATABASE_URL as it would appear in a URL, which no message may hold. */
function passwordPart(url: string): string | null {
  const password = new URL(url).password;
  return password === '' ? null : `:${password}@`;
}

async function refusal(t: ExecutionContext, source: string): Promise<SourceError> {
  const error = await t.throwsAsync(readAstuto({ source }), { instanceOf: SourceError });
  const secret = passwordPart(source.startsWith('postgres') ? source : databaseUrl);
  if (secret !== null) t.false(error.message.includes(secret), `the password is echoed: ${error.message}`);
  return error;
}

if (databaseUrl !== '') {
  // Through `import.source` into a board (empty, and with posts of its own), compared through the API.
  importSuite(test, {
    from: 'astuto',
    async build(t) {
      const built = await fixture(t);
      return { args: { source: built.source }, expected: built.expected };
    },
    damaged: [
      ...(['post title blank', 'reply on another post', 'likes table dropped'] as const).map((damage) => ({
        name: damage,
        async build(t: ExecutionContext) {
          const built = await fixture(t);
          await damageAstuto(built.url, damage);
          return { source: built.source };
        },
        message: new RegExp(`^postgres://[^:@/]+@[^/]+/[^ ]+: ${ASTUTO_DAMAGES[damage].names.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })),
      {
        name: 'a database of two tenants and a URL naming neither',
        async build(t: ExecutionContext) {
          return { source: (await fixture(t)).url };
        },
        message: /table tenants: holds 2 sites \(acme, beta\)/,
      },
      {
        name: "another tool's database",
        async build(t: ExecutionContext) {
          const other = await buildOtherToolDatabase(databaseUrl);
          t.teardown(other.drop);
          return { source: other.url };
        },
        message: /table tenants is missing: this is not Astuto's database/,
      },
    ],
  });
}

pgTest('reads one Astuto tenant as the fixture wrote it: users, boards, statuses, posts, 2,102 likes, comment threads, what is left out', async (t) => {
  const built = await fixture(t);
  const progress: string[] = [];
  const read = await readAstuto({ source: built.source, onProgress: (what) => progress.push(what) });
  t.deepEqual(read, built.expected);
  t.is(read.site, 'acme');
  t.is(read.votes.filter((vote) => vote.postId === '1').length, 2_102);
  t.true(progress.includes(`votes ${built.expected.votes.length}`), progress.join(' | '));
});

pgTest('a private site (tenant_settings.is_private) has its boards hidden; the tenant parameter ignores case', async (t) => {
  const built = await fixture(t);
  const read = await readAstuto({ source: built.second.source });
  t.deepEqual(read, built.second.expected);
  t.true(read.boards.every((board) => board.hidden));
  t.is(read.site, 'beta');
});

pgTest('the tenant parameter may come before the other parameters of the URL, which are kept', async (t) => {
  const built = await fixture(t);
  const [base, query] = built.url.split('?');
  const read = await readAstuto({ source: `${base}?tenant=acme&${query}` });
  t.deepEqual(read, built.expected);
});

pgTest('reads through a session that cannot write (a standby, a read-only role)', async (t) => {
  const built = await fixture(t);
  const readOnly = built.source.replace(/options=([^&]*)/, (_, options: string) => `options=${options}${encodeURIComponent(' -c default_transaction_read_only=on')}`);
  t.not(readOnly, built.source);
  t.deepEqual(await readAstuto({ source: readOnly }), built.expected);
});

pgTest("--from astuto: a private site's boards stay hidden on the board it is imported into", async (t) => {
  const built = await fixture(t);
  const board = await boardForImport(t, null);
  await importInto(board, { from: 'astuto', source: built.second.source });
  await assertImported(t, board, built.second.expected);
});

pgTest('a database of one tenant needs no tenant parameter', async (t) => {
  const built = await fixture(t);
  await keepOnlyAcme(built.url);
  t.deepEqual(await readAstuto({ source: built.url }), built.expected);
});

pgTest('a database of several tenants and a URL naming none is refused, listing their subdomains', async (t) => {
  const built = await fixture(t);
  const error = await refusal(t, built.url);
  t.regex(error.message, /table tenants: holds 2 sites \(acme, beta\): name the one to import with \?tenant=<subdomain>/);
});

pgTest('a tenant the database does not hold is refused, listing those it holds', async (t) => {
  const built = await fixture(t);
  const error = await refusal(t, `${built.url}&tenant=gamma`);
  t.regex(error.message, /has no tenant with subdomain "gamma"; it has: acme, beta/);
});

pgTest('an Astuto from before July 2024 (no posts.approval_status) has every post published', async (t) => {
  const built = await fixture(t);
  await dropApprovalStatus(built.url);
  t.deepEqual(await readAstuto({ source: built.source }), built.expectedWithoutApproval);
});

(databaseUrl === '' ? test.skip : test.serial)('reads in one read-only transaction and writes nothing', async (t) => {
  const built = await fixture(t);
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  // Every statement the reader sends, through pg's Client (the only way it talks to the database).
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await readAstuto({ source: built.source });
  } finally {
    pg.Client.prototype.query = original;
  }
  t.is(statements[0], 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  t.is(statements.at(-1), 'ROLLBACK');
  const writes = statements.filter((sql) => /^\s*(INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|TRUNCATE|COMMIT)\b/i.test(sql));
  t.deepEqual(writes, []);
});

for (const damage of Object.keys(ASTUTO_DAMAGES) as AstutoDamage[]) {
  pgTest(`a damaged database is refused naming the table, row and field: ${damage}`, async (t) => {
    const built = await fixture(t);
    await damageAstuto(built.url, damage);
    const error = await refusal(t, built.source);
    t.true(error.message.includes(ASTUTO_DAMAGES[damage].names), error.message);
    t.regex(error.message, /^postgres:\/\/[^:@/]+@[^/]+\/[^?: ]+: /);
  });
}

pgTest("another tool's database is refused, naming the table it lacks", async (t) => {
  const other = await buildOtherToolDatabase(databaseUrl);
  t.teardown(other.drop);
  const error = await refusal(t, other.url);
  t.regex(error.message, /: table tenants is missing: this is not Astuto's database/);
});

pgTest('a database that cannot be reached is refused without its password', async (t) => {
  const unreachable = new URL(databaseUrl);
  unreachable.password = 'NotToBeShown42';
  unreachable.port = '1';
  const error = await refusal(t, unreachable.toString());
  t.regex(error.message, /^postgres:\/\/[^:]+@[^/]+:1\/[^:]+: cannot connect: /);
  t.false(error.message.includes('NotToBeShown42'));
});

test('a source that is not a PostgreSQL URL (a file) is refused', async (t) => {
  const error = await t.throwsAsync(readAstuto({ source: '/tmp/astuto-backup.zip' }), { instanceOf: SourceError });
  t.regex(error.message, /the source must be the URL of Astuto's PostgreSQL database/);
  await t.throwsAsync(readAstuto({ source: undefined }), { instanceOf: SourceError });
});
