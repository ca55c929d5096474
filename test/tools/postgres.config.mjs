// The PostgreSQL run of `npm test` (test/tools/run-postgres.ts): the storage contract tests, the
// whole HTTP suite, the PostgreSQL-only tests, the browser tests (but those listed in browserOnly) and one CLI test (a scheduled
// changelog entry across a kill -9 of `serve`), on FEEDBACKD_TEST_ENGINE=postgres. Every storage test file runs on both engines except these, which
// test the JSON-file engine's own files (journal, snapshot, lock, crash replay, file upgrades).
const lowdbOnly = ['lowdb-indexes', 'comments-upgrade', 'crash', 'files', 'journal', 'lock', 'restart', 'schema', 'write-faults', 'full-disk'];
// Browser tests of what no storage engine can change (focus and keys, a server that stops or is
// slow, the bundle's size, the Markdown sanitiser, the header, the widget panel's own behaviour
// beyond widget.test.ts): the JSON-file run covers them, and CI keeps its time under 30 minutes.
const browserOnly = ['keyboard', 'states', 'budget', 'markdown-safety', 'excerpt', 'header', 'widget-more'];

export default {
  files: [
    'test/storage/*.test.ts',
    ...lowdbOnly.map((name) => `!test/storage/${name}.test.ts`),
    'test/http/**/*.test.ts',
    'test/storage-pg/**/*.test.ts',
    'test/postgres/**/*.test.ts',
    // The browser tests too: the web app must work the same on both engines.
    'test/web/**/*.test.ts',
    ...browserOnly.map((name) => `!test/web/${name}.test.ts`),
    // A scheduled changelog entry publishes once across a kill -9 of a real `serve` on PostgreSQL.
    'test/cli/changelog-crash.test.ts',
  ],
  extensions: { ts: 'module' },
  nodeArguments: ['--import=tsx'],
  workerThreads: false,
  timeout: '60s',
};
