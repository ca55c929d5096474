import { spawnSync } from 'node:child_process';

/*
 * The second half of `npm test`: the storage contract tests and the HTTP suite again, on PostgreSQL.
 * Needs TEST_DATABASE_URL (a database the tests may fill with throwaway schemas); without it, one
 * line says the run was skipped and the exit code stays 0, so `npm test` is green on lowdb alone.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('PostgreSQL run skipped: set TEST_DATABASE_URL to a PostgreSQL database to run it (see README, Tests).');
  process.exit(0);
}
console.log('PostgreSQL run: storage contract tests and the HTTP suite on TEST_DATABASE_URL');
const ava = spawnSync('npx', ['ava', '--config', 'test/tools/postgres.config.mjs', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, FEEDBACKD_TEST_ENGINE: 'postgres' },
});
process.exit(ava.status ?? 1);
