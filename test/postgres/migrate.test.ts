import test from 'ava';
import pg from 'pg';
import { runChild, runInProcess, tempDir } from '../cli/_cli.js';
import { freshSchema, pgTests } from '../storage-pg/_pg.js';

async function migrationIds(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id')).rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

pgTests((url) => {
  test('feedbackd migrate applies the missing migrations, then finds nothing to do', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const data = await tempDir(t);
    const first = await runInProcess(['migrate', '--data', data, '--database', schemaUrl]);
    t.is(first.stderr, '');
    t.is(first.stdout, 'PostgreSQL schema is at migration 18: applied migrations 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18.\n');
    t.deepEqual(await migrationIds(schemaUrl), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    const again = await runInProcess(['migrate', '--data', data, '--database', schemaUrl, '--json']);
    t.deepEqual(JSON.parse(again.stdout), { engine: 'postgres', applied: [], version: 18 });
  });

  test('migrate processes started at once: each migration is applied exactly once, all succeed', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const data = await tempDir(t);
    const runs = await Promise.all(Array.from({ length: 3 }, () => runChild(['migrate', '--data', data, '--database', schemaUrl, '--json'])));
    t.deepEqual(
      runs.map((run) => run.code),
      [0, 0, 0],
    );
    const applied = runs.map((run) => (JSON.parse(run.stdout) as { applied: number[] }).applied);
    t.deepEqual(applied.flat().sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    t.deepEqual(await migrationIds(schemaUrl), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });

  test('a database migrated by a newer feedbackd is refused by migrate, unchanged', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const data = await tempDir(t);
    await runInProcess(['migrate', '--data', data, '--database', schemaUrl]);
    const client = new pg.Client({ connectionString: schemaUrl });
    await client.connect();
    await client.query("INSERT INTO schema_migrations (id, name) VALUES (99, 'from the future')");
    await client.end();
    const result = await runInProcess(['migrate', '--data', data, '--database', schemaUrl]);
    t.is(result.code, 1);
    t.regex(result.stderr, /^error: The database has schema migration 99, which this feedbackd does not know\./);
    t.deepEqual(await migrationIds(schemaUrl), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 99]);
  });
});
