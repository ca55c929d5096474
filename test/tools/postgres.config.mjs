// The PostgreSQL run of `npm test` (test/tools/run-postgres.ts): the storage contract tests, the
// whole HTTP suite and the PostgreSQL-only tests, on FEEDBACKD_TEST_ENGINE=postgres.
const contract = ['boards', 'comments', 'crud', 'post-query', 'roadmaps', 'roles', 'transaction', 'unique', 'users-page', 'votes-page', 'votes'];

export default {
  files: [...contract.map((name) => `test/storage/${name}.test.ts`), 'test/http/**/*.test.ts', 'test/storage-pg/**/*.test.ts', 'test/postgres/**/*.test.ts'],
  extensions: { ts: 'module' },
  nodeArguments: ['--import=tsx'],
  workerThreads: false,
  timeout: '60s',
};
