/**
 * Which storage engine this test run uses. `npm test` runs the suite on the JSON-file database,
 * then runs the storage contract tests and the HTTP suite again with FEEDBACKD_TEST_ENGINE=postgres
 * when TEST_DATABASE_URL names a PostgreSQL database (test/tools/run-postgres.ts).
 */
export const TEST_ENGINE: 'lowdb' | 'postgres' = process.env.FEEDBACKD_TEST_ENGINE === 'postgres' ? 'postgres' : 'lowdb';

/** The database of the PostgreSQL run; refuses to go on without one rather than fall back to lowdb. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('FEEDBACKD_TEST_ENGINE=postgres needs TEST_DATABASE_URL (a PostgreSQL database the tests may use)');
  return url;
}
