// The PostgreSQL run of `npm test` (test/tools/run-postgres.ts): the storage contract tests, the
// HTTP suite but for the files that never reach storage, the PostgreSQL-only tests, every importer's tests, the owner's first hour in the browser and one CLI test (a scheduled
// changelog entry across a kill -9 of `serve`), on FEEDBACKD_TEST_ENGINE=postgres. Every storage test file runs on both engines except these, which
// test the JSON-file engine's own files (journal, snapshot, lock, crash replay, file upgrades).
const lowdbOnly = ['lowdb-indexes', 'comments-upgrade', 'crash', 'files', 'journal', 'lock', 'restart', 'schema', 'write-faults', 'full-disk'];
// HTTP test files that prove layers storage never reaches, so the JSON-file run proves them for both
// engines: Node's connection handling and timeouts, compression and ETags, the embed pages' headers,
// the web app's files and page policy, the rate limiter (counted in process memory, whatever the
// engine), the access log's lines, and the OpenAPI document and reference. A new HTTP test file runs
// on both engines unless it is named here.
const engineFreeHttp = [
  'connections',
  'compression',
  'compression-bodies',
  'embed-headers',
  'web-app',
  'rate-limit',
  'rate-limit-routes',
  'access-log',
  'openapi',
  'openapi-reference',
  // The page's language by cookie and Accept-Language (from built files, before any storage), and the
  // README's proxy examples in front of a server (the sub-path itself runs on both: sub-path.test.ts).
  'page-language',
  'sub-path-nginx',
  'sub-path-caddy',
];
// The browser tests on PostgreSQL: the web app reaches storage only through the API, and every area
// of the site has its HTTP test files in this run (boards, posts and their pages, statuses, votes,
// comments, tags, moderation, uploads, merges, the changelog, notification mail with serve's worker,
// SSO, sign-in links, the embed origins the widget uses), so a browser file repeated here proves no
// more than its HTTP files do. One stays: the owner's first hour, the only one whose server is the
// real `feedbackd init` and `serve` given a database, and which walks the whole site on it end to
// end. Every browser test runs on the JSON-file database.
const browserFiles = ['first-hour'];

export default {
  files: [
    'test/storage/*.test.ts',
    ...lowdbOnly.map((name) => `!test/storage/${name}.test.ts`),
    'test/http/**/*.test.ts',
    ...engineFreeHttp.map((name) => `!test/http/${name}.test.ts`),
    'test/storage-pg/**/*.test.ts',
    'test/postgres/**/*.test.ts',
    ...browserFiles.map((name) => `test/web/${name}.test.ts`),
    // Every importer into a board on PostgreSQL (issue 32: each source on both engines).
    'test/admin/import-from-*.test.ts',
    'test/admin/source-to-rows.test.ts',
    // A scheduled changelog entry publishes once across a kill -9 of a real `serve` on PostgreSQL.
    'test/cli/changelog-crash.test.ts',
  ],
  extensions: { ts: 'module' },
  nodeArguments: ['--import=tsx'],
  workerThreads: false,
  timeout: '60s',
};
