import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { readCanny } from '../../src/admin/import-from/canny.js';
import { type SourceData, SourceError } from '../../src/admin/import-from/source-model.js';
import { writeFile } from 'node:fs/promises';
import type { ExecutionContext } from 'ava';
import { type CannyApiData, startCannyApi } from '../_helpers/canny-api.js';
import { tempDir } from '../cli/_cli.js';
import { assertImported, boardFingerprint, boardForImport, importInto, importSuite } from './_import-from.js';
import {
  buildCannyApiData,
  buildCannyCsvFixture,
  buildCannyFixture,
  withBadPostTitle,
  withBadVoteTime,
  writeBadVotesCannyCsv,
  writeCutRowCannyCsv,
  writeFiderCsv,
  writeTruncatedCannyCsv,
  writeZipAsCannyCsv,
} from './import-fixtures/canny.js';

/*
 * The Canny reader against a local server answering as Canny's API does, and against the posts
 * CSV Canny exports: everything read equals what the fixture wrote; a wrong key, an unreachable
 * address, a damaged object, another tool's file and a cut-off CSV are refused with a message
 * naming where.
 */

/** A running Canny API for one test (closed after it), its key in a file as --api-key-file reads it. */
async function apiArgs(t: ExecutionContext, data: CannyApiData, apiKey: string, keyInFile = apiKey): Promise<Record<string, unknown>> {
  const dir = await tempDir(t);
  const api = await startCannyApi(data, apiKey);
  t.teardown(() => api.close());
  const apiKeyFile = join(dir, 'canny-api-key');
  await writeFile(apiKeyFile, `${keyInFile}\n`, { mode: 0o600 });
  return { apiKeyFile, apiUrl: api.url };
}

// The shared end-to-end proof, through Canny's API: into an empty board and one with posts of its
// own, compared through feedbackd's API; a rerun adds nothing; a dry run writes nothing; damaged
// sources change nothing.
importSuite(test, {
  from: 'canny',
  async build(t) {
    const fixture = buildCannyApiData();
    return { args: await apiArgs(t, fixture.data, fixture.apiKey), expected: fixture.expected };
  },
  damaged: [
    {
      name: 'a wrong API key',
      async build(t) {
        const fixture = buildCannyApiData();
        return apiArgs(t, fixture.data, fixture.apiKey, 'sk_not_the_right_key');
      },
      message: /\/api\/v1\/boards\/list: the API key was refused \(HTTP 401: invalid api key\)/,
    },
    {
      name: 'a post whose title is not text',
      async build(t) {
        const fixture = buildCannyApiData();
        const post = fixture.data.posts[4]!;
        return apiArgs(t, withBadPostTitle(fixture.data, post.id as string), fixture.apiKey);
      },
      message: /\/v1\/posts\/list boardID=\w+: posts row 1 \(id=\w+\) field "title": must be a string/,
    },
    {
      name: 'a vote whose time is not a time (on the 21st page of votes)',
      async build(t) {
        const fixture = buildCannyApiData();
        return apiArgs(t, withBadVoteTime(fixture.data, 2010), fixture.apiKey);
      },
      message: /\/v1\/votes\/list: votes row 2011 \(id=\w+\) field "created": "yesterday-ish" is not a time/,
    },
    {
      name: "Canny's posts CSV cut inside a quoted field",
      async build(t) {
        return { source: await writeTruncatedCannyCsv(await tempDir(t)) };
      },
      message: /canny-truncated\.csv: row 3 \(line \d+\): a quoted field never ends/,
    },
    {
      name: "another tool's CSV (Fider's posts export)",
      async build(t) {
        return { source: await writeFiderCsv(await tempDir(t)) };
      },
      message: /fider-posts\.csv: the header row: not Canny's posts CSV export/,
    },
  ],
});

test('--from canny with the posts CSV: every post and vote count as in the export; a second run adds nothing', async (t) => {
  const { source, expected } = await buildCannyCsvFixture(await tempDir(t));
  const board = await boardForImport(t, expected);
  const first = await importInto(board, { from: 'canny', source });
  t.is(first.counts.posts?.created, expected.posts.length);
  t.true(first.people.matched >= 1, 'the member already here is matched by email');
  await assertImported(t, board, expected);
  const after = await boardFingerprint(board);
  const second = await importInto(board, { from: 'canny', source });
  for (const [section, counts] of Object.entries(second.counts)) t.is(counts.created, 0, `second run created ${section}`);
  t.is(await boardFingerprint(board), after);
});

/** Lists whose order carries no meaning, sorted; tag ids of a post too. */
function normalised(data: SourceData): SourceData {
  const by = <T>(key: (item: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b));
  return {
    ...data,
    users: [...data.users].sort(by((user) => user.sourceId)),
    boards: [...data.boards].sort(by((board) => board.sourceId)),
    tags: [...data.tags].sort(by((tag) => tag.sourceId)),
    posts: [...data.posts].map((post) => ({ ...post, tagIds: [...post.tagIds].sort() })).sort(by((post) => post.sourceId)),
    votes: [...data.votes].sort(by((vote) => `${vote.postId} ${vote.createdAt} ${vote.userId ?? ''}`)),
    comments: [...data.comments].sort(by((comment) => comment.sourceId)),
    changelog: [...data.changelog].map((entry) => ({ ...entry, postIds: [...entry.postIds].sort() })).sort(by((entry) => entry.sourceId)),
  };
}

async function withApi<T>(data: CannyApiData, apiKey: string, run: (url: string, api: Awaited<ReturnType<typeof startCannyApi>>) => Promise<T>): Promise<T> {
  const api = await startCannyApi(data, apiKey);
  try {
    return await run(api.url, api);
  } finally {
    await api.close();
  }
}

async function refusal(t: import('ava').ExecutionContext, reading: Promise<unknown>): Promise<SourceError> {
  const error = await t.throwsAsync(reading);
  t.true(error instanceof SourceError, `a SourceError, not ${error?.constructor.name}: ${error?.message}`);
  return error as SourceError;
}

test('the API: everything Canny holds is read as the fixture wrote it, every list followed to its last page', async (t) => {
  const fixture = buildCannyApiData();
  const progress: string[] = [];
  await withApi(fixture.data, fixture.apiKey, async (url, api) => {
    const read = await readCanny({ source: undefined, apiKey: fixture.apiKey, apiUrl: url, onProgress: (what) => progress.push(what) });
    t.deepEqual(normalised(read), normalised(fixture.expected));

    // Paging: limit/skip until hasMore is false, users v2 by cursor, every call a POST with the key in its body.
    const votePages = api.requests.filter((request) => request.endpoint === 'v1/votes/list');
    t.is(votePages.length, Math.ceil(fixture.data.votes.length / 100));
    t.deepEqual(
      votePages.map((request) => request.body.skip),
      votePages.map((_, n) => n * 100),
    );
    t.true(api.requests.filter((request) => request.endpoint === 'v2/users/list').length > 20);
    t.true(api.requests.filter((request) => request.endpoint === 'v2/users/list').every((request, n) => (n === 0) === (request.body.cursor === undefined)));
    t.deepEqual(
      [...new Set(api.requests.filter((request) => request.endpoint === 'v1/posts/list').map((request) => request.body.boardID))],
      fixture.data.boards.map((board) => board.id),
    );
  });
  t.true(progress.includes(`votes ${fixture.data.votes.length}`));
});

test('the API: a post with thousands of votes keeps every listed vote and counts the ones only its score knows', async (t) => {
  const fixture = buildCannyApiData();
  const read = await withApi(fixture.data, fixture.apiKey, (url) => readCanny({ source: undefined, apiKey: fixture.apiKey, apiUrl: url }));
  const big = read.posts.find((post) => post.title === 'Dark mode')!;
  const listed = read.votes.filter((vote) => vote.postId === big.sourceId);
  t.is(listed.length, 2053);
  t.is(listed.filter((vote) => vote.userId === null).length, 3, 'votes of deleted voters stay, pointing at no one');
  t.is(big.voteCount, 2060);
  t.is(read.posts.find((post) => post.title === 'Keyboard shortcuts')!.voteCount, undefined, 'a score equal to the listed votes adds nothing');
  t.is(big.authorId, read.users.find((user) => user.name === 'Sam 🚀')!.sourceId);
  t.is(read.posts.find((post) => post.title === 'Crash on upload')!.authorId, null, 'a deleted author');
  t.is(read.users.find((user) => user.name === 'SSO Person')!.email, null);
  t.true(read.boards.find((board) => board.name === 'Internal Roadmap')!.hidden);
  t.deepEqual(
    read.statuses.filter((status) => status.isDefault).map((status) => status.sourceId),
    ['open'],
  );
});

test('the API: a rate-limited page is asked again after Retry-After, not dropped', async (t) => {
  const fixture = buildCannyApiData();
  await withApi(fixture.data, fixture.apiKey, async (url, api) => {
    api.throttleNext('v1/votes/list');
    api.throttleNext('v2/users/list');
    const read = await readCanny({ source: undefined, apiKey: fixture.apiKey, apiUrl: url });
    t.is(read.votes.length, fixture.expected.votes.length);
    t.is(read.users.length, fixture.expected.users.length);
  });
});

test('the API: a Retry-After longer than importRetryMaxWaitMs is cut to it; an answer slower than importRequestTimeoutMs stops the reading, naming the setting', async (t) => {
  const fixture = buildCannyApiData();
  await withApi(fixture.data, fixture.apiKey, async (url, api) => {
    api.throttleNext('v1/boards/list', 3600);
    const read = await readCanny({ source: undefined, apiKey: fixture.apiKey, apiUrl: url, waits: { requestTimeoutMs: 5_000, retryMaxWaitMs: 50 } });
    t.is(read.boards.length, fixture.expected.boards.length, 'read after a wait of 50 ms, not an hour');
    api.stallNext('v1/boards/list');
    const error = await refusal(t, readCanny({ source: undefined, apiKey: fixture.apiKey, apiUrl: url, waits: { requestTimeoutMs: 300, retryMaxWaitMs: 50 } }));
    t.is(error.message, `${url}/v1/boards/list: Canny's API did not answer within 0.3 s (the importRequestTimeoutMs setting)`);
  });
});

test('the API: a company without the changelog has no entries (entries/list answers 404)', async (t) => {
  const fixture = buildCannyApiData();
  const read = await withApi({ ...fixture.data, entries: undefined }, fixture.apiKey, (url) => readCanny({ source: undefined, apiKey: fixture.apiKey, apiUrl: url }));
  t.deepEqual(read.changelog, []);
  t.is(read.posts.length, fixture.expected.posts.length);
});

test('the API: without users v2 (404), the people are those posts, comments and votes carry', async (t) => {
  const fixture = buildCannyApiData();
  const read = await withApi({ ...fixture.data, users: undefined }, fixture.apiKey, (url) => readCanny({ source: undefined, apiKey: fixture.apiKey, apiUrl: url }));
  const { expected } = fixture;
  const referenced = new Set([...expected.posts.map((post) => post.authorId), ...expected.comments.map((comment) => comment.authorId), ...expected.votes.map((vote) => vote.userId)]);
  t.deepEqual(normalised(read), normalised({ ...expected, users: expected.users.filter((user) => referenced.has(user.sourceId)) }));
});

test('the API: a wrong key is refused with the address named and the key never shown', async (t) => {
  const fixture = buildCannyApiData();
  const wrongKey = 'sk_wrong_0123456789abcdef';
  await withApi(fixture.data, fixture.apiKey, async (url) => {
    const error = await refusal(t, readCanny({ source: undefined, apiKey: wrongKey, apiUrl: url }));
    t.is(error.where, `${url}/v1/boards/list`);
    t.regex(error.message, /API key was refused \(HTTP 401: invalid api key\)/);
    t.false(error.message.includes(wrongKey));
    t.false(error.message.includes(fixture.apiKey));
  });
  const empty = await refusal(t, readCanny({ source: undefined, apiKey: '  ', apiUrl: 'http://127.0.0.1:9/api' }));
  t.is(empty.message, "--api-key-file: is empty: Canny's API needs the team's secret API key");
  const none = await refusal(t, readCanny({ source: undefined }));
  t.regex(none.message, /^--api-key-file: is missing/);
});

test('the API: an address nobody answers at is a clear error naming it', async (t) => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as import('node:net').AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const url = `http://127.0.0.1:${port}/api`;
  const error = await refusal(t, readCanny({ source: undefined, apiKey: 'sk_secret_key_value', apiUrl: url }));
  t.is(error.where, `${url}/v1/boards/list`);
  t.regex(error.problem, /cannot reach Canny's API \(ECONNREFUSED/);
  t.false(error.message.includes('sk_secret_key_value'));
});

test('the API: a damaged object is refused naming the endpoint, the row, the id and the field', async (t) => {
  const fixture = buildCannyApiData();
  const post = fixture.data.posts[2]!;
  const title = await withApi(withBadPostTitle(fixture.data, post.id as string), fixture.apiKey, (url) =>
    refusal(t, readCanny({ source: undefined, apiKey: fixture.apiKey, apiUrl: url })),
  );
  // The third post is the first on the second board: row 1 of that board's pages.
  t.regex(title.message, new RegExp(`/v1/posts/list boardID=${(post.board as { id: string }).id}: posts row 1 \\(id=${post.id}\\) field "title": must be a string$`));

  const time = await withApi(withBadVoteTime(fixture.data, 150), fixture.apiKey, (url) => refusal(t, readCanny({ source: undefined, apiKey: fixture.apiKey, apiUrl: url })));
  t.regex(time.message, /\/v1\/votes\/list: votes row 151 \(id=\w+\) field "created": "yesterday-ish" is not a time$/);
});

test('the API: an address that is not Canny answers something else and is refused', async (t) => {
  const fixture = buildCannyApiData();
  await withApi(fixture.data, fixture.apiKey, async (url) => {
    const error = await refusal(t, readCanny({ source: undefined, apiKey: fixture.apiKey, apiUrl: `${url}/elsewhere` }));
    t.regex(error.message, /\/elsewhere\/v1\/boards\/list: Canny's API answered HTTP 404/);
  });
});

test('the CSV: Canny\'s posts export is read as the fixture wrote it, votes as counts', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'canny-csv-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const fixture = await buildCannyCsvFixture(dir);
  const read = await readCanny({ source: fixture.source });
  t.deepEqual(normalised(read), normalised(fixture.expected));
  t.is(read.posts.find((post) => post.title === 'Dark mode')!.voteCount, 2060);
  t.is(read.posts.find((post) => post.title.startsWith('CSV export'))!.title, 'CSV export, with "quotes", commas and a\nline break');
});

test('the CSV: a cut-off file, another tool\'s CSV, a zip and a wrong cell are refused naming file, row and field', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'canny-csv-bad-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));

  const truncated = await refusal(t, readCanny({ source: await writeTruncatedCannyCsv(dir) }));
  t.regex(truncated.message, /^canny-truncated\.csv: row 3 \(line \d+\): a quoted field never ends: the file is cut off \(truncated\) or damaged$/);

  const cutRow = await refusal(t, readCanny({ source: await writeCutRowCannyCsv(dir) }));
  t.regex(cutRow.message, /^canny-cut-row\.csv: row 9 \(line \d+\): has a different number of fields than the header/);

  const fider = await refusal(t, readCanny({ source: await writeFiderCsv(dir) }));
  t.regex(fider.message, /^fider-posts\.csv: the header row: not Canny's posts CSV export: no column "Details", "Board", "Votes", "Created At"/);

  const zip = await refusal(t, readCanny({ source: await writeZipAsCannyCsv(dir) }));
  t.regex(zip.message, /^backup\.zip: is a zip file, not Canny's posts CSV export/);

  const votes = await refusal(t, readCanny({ source: await writeBadVotesCannyCsv(dir) }));
  t.regex(votes.message, /^canny-bad-votes\.csv: row 4 \(line \d+\) column "Votes": "many" is not a number of votes$/);
});

test('buildCannyFixture: the key file, a running API and the CSV, for the end-to-end tests', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'canny-fixture-'));
  const fixture = await buildCannyFixture(dir);
  t.teardown(async () => {
    await fixture.close();
    await rm(dir, { recursive: true, force: true });
  });
  const { readFile } = await import('node:fs/promises');
  const apiKey = (await readFile(fixture.apiKeyFile, 'utf8')).trim();
  const read = await readCanny({ source: fixture.source, apiKey, apiUrl: fixture.apiUrl });
  t.deepEqual(normalised(read), normalised(fixture.expected));
});
