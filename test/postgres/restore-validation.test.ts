import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { sendRequest } from '../_helpers/server.js';
import { runInProcess, startServing, stopServing, tempDir } from '../cli/_cli.js';
import { seedEveryTable } from '../cli/_migrate-data.js';
import { freshSchema, pgTests } from '../storage-pg/_pg.js';

pgTests((url) => {
  test('restore --database refuses a backup breaking the API rules, writing nothing; the valid one then loads and serves', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const root = await tempDir(t);
    await seedEveryTable(join(root, 'board'));
    const file = join(root, 'backup.json');
    t.is((await runInProcess(['backup', '--data', join(root, 'board'), '--out', file])).code, 0);
    const doc = JSON.parse(await readFile(file, 'utf8'));
    const crafted = join(root, 'crafted.json');
    const comment = doc.tables.comments[0];
    await writeFile(crafted, JSON.stringify({ ...doc, tables: { ...doc.tables, comments: [{ ...comment, body: 'nul \u0000 here' }, ...doc.tables.comments.slice(1)] } }));

    const refused = await runInProcess(['restore', crafted, '--data', join(root, 'refused'), '--database', schemaUrl]);
    t.is(refused.code, 1);
    t.is(refused.stderr, `error: ${crafted} cannot be restored: table comments, row ${comment.id}, field body: must not contain NUL characters\n`);

    // The database is still empty: the valid backup goes in without --force.
    const data = join(root, 'restored');
    const restored = await runInProcess(['restore', file, '--data', data, '--database', schemaUrl]);
    t.is(restored.code, 0, restored.stderr);
    const serving = await startServing(['serve', '--data', data, '--database', schemaUrl, '--port', '0']);
    t.teardown(() => serving.child.kill('SIGKILL'));
    t.is((await sendRequest(serving.url, 'POST', '/posts/get', { body: {} })).status, 200);
    t.is((await sendRequest(serving.url, 'GET', '/settings/site')).status, 200);
    t.is((await stopServing(serving)).code, 0);
  });
});
