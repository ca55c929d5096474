import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type RawDocument, SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import { writeLowdbSnapshot } from '../../src/storage/lowdb/snapshot-restore.js';
import { DEFAULT_SETTINGS, everyoneRole, teamRole } from '../../src/storage/seed.js';
import type { DatabaseSnapshot } from '../../src/storage/types.js';
import { open, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, boardRow } from './_rows.js';

/** A schema-4 document (before board descriptions): two boards as that feedbackd wrote them, without the field. */
function versionFourDocument() {
  const boards = [boardRow({ name: 'Ideas' }), boardRow({ name: 'Bugs', display: false })].map(({ description: _none, ...board }) => board);
  const tables = {
    users: [],
    roles: [everyoneRole(at(0)), teamRole(at(0))],
    userRoles: [],
    boards,
    roadmaps: [],
    posts: [],
    votes: [],
    comments: [],
    activities: [],
    mailTokens: [],
    mailLog: [],
    outbox: [],
    webhookEndpoints: [],
    webhookDeliveries: [],
    subscriptions: [],
    notifications: [],
  };
  return { schemaVersion: 4, seq: 1, settings: DEFAULT_SETTINGS, tables };
}

lowdbOnly('a schema-4 database is upgraded past 5: its boards get no description, and keep everything else', async (t) => {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  const old = versionFourDocument();
  await writeFile(join(dir, 'db.json'), JSON.stringify(old));
  const storage = await open(t, dir);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, SCHEMA_VERSION, 'and on to the current version');
  for (const board of old.tables.boards) t.deepEqual(await storage.boards.get(board.id), { ...board, description: null });
  const [first] = old.tables.boards;
  t.is((await storage.boards.update(first!.id, { description: 'Now described' })).description, 'Now described');
});

lowdbOnly('restoring a schema-4 copy gives its boards no description', async (t) => {
  const doc = versionFourDocument();
  const target = join(await tempDir(t), 'restored');
  await mkdir(target);
  await writeLowdbSnapshot(target, { schemaVersion: 4, settings: doc.settings, tables: doc.tables } as unknown as DatabaseSnapshot);
  const restored = await open(t, target);
  t.deepEqual((await restored.boards.list()).map((board) => board.description), [null, null]);
});
