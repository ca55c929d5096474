import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { type RawDocument, SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import { DEFAULT_SETTINGS, everyoneRole, teamRole } from '../../src/storage/seed.js';
import { type PostMergeRow, UniqueViolation } from '../../src/storage/types.js';
import { freshStorage, open, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, postRow, subscriptionRow, userRow } from './_rows.js';

/*
 * The merged posts table (issue 30 §2, JSON schema 9, PostgreSQL migration 12) on both engines,
 * and the JSON-file upgrade from schema 8, which adds it empty.
 */

function mergeRow(intoPostId: string, fields: Partial<PostMergeRow> = {}): PostMergeRow {
  const userId = randomUUID();
  const post = postRow(userId, { title: 'Night theme', contentMarkdown: 'Please, **at night**.', updatedAt: at(2) });
  return {
    id: post.id,
    intoPostId,
    post,
    moves: {
      votes: [
        { id: randomUUID(), userId, createdAt: at(1), moved: true },
        { id: randomUUID(), userId: randomUUID(), createdAt: at(2), moved: false },
      ],
      commentIds: [randomUUID(), randomUUID()],
      subscriptions: [subscriptionRow(randomUUID(), post.id, { subscribed: false })],
      addedSubscriptionIds: [randomUUID()],
    },
    mergedBy: null,
    createdAt: at(5),
    ...fields,
  };
}

test('merged posts: insert, get, by the merged post’s slug, listed per target oldest first, delete, count; rows read back as written', async (t) => {
  const { storage } = await freshStorage(t);
  const target = randomUUID();
  const late = mergeRow(target, { createdAt: at(9), mergedBy: randomUUID() });
  const early = mergeRow(target, { createdAt: at(3) });
  const elsewhere = mergeRow(randomUUID());
  for (const row of [late, early, elsewhere]) t.deepEqual(await storage.transaction((tx) => tx.postMerges.insert(row)), row);
  t.deepEqual(await storage.postMerges.get(late.id), late);
  t.deepEqual(await storage.postMerges.getBySlug(early.post.slug), early);
  t.is(await storage.postMerges.getBySlug('no-such-slug'), undefined);
  t.deepEqual(await storage.postMerges.listInto(target), [early, late]);
  t.deepEqual(await storage.postMerges.listInto(randomUUID()), []);
  t.is(await storage.postMerges.count(), 3);
  t.true(await storage.transaction((tx) => tx.postMerges.delete(early.id)));
  t.deepEqual(await storage.postMerges.listInto(target), [late]);
  t.is(await storage.postMerges.count(), 2);
});

test('merged posts: one row per merged slug (a post’s old link names one merge)', async (t) => {
  const { storage } = await freshStorage(t);
  const first = mergeRow(randomUUID());
  await storage.transaction((tx) => tx.postMerges.insert(first));
  const twin = mergeRow(randomUUID());
  const clash = { ...twin, post: { ...twin.post, slug: first.post.slug } };
  const error = await t.throwsAsync(storage.transaction((tx) => tx.postMerges.insert(clash)), { instanceOf: UniqueViolation });
  t.is(error?.constraint, 'postMerges.slug');
  t.is(await storage.postMerges.count(), 1);
});

lowdbOnly('a schema-8 database is upgraded to 9 with an empty merged posts table, its rows kept', async (t) => {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  const user = userRow();
  const names = [
    'userRoles',
    'boards',
    'roadmaps',
    'posts',
    'votes',
    'comments',
    'activities',
    'mailTokens',
    'mailLog',
    'outbox',
    'webhookEndpoints',
    'webhookDeliveries',
    'subscriptions',
    'notifications',
    'ssoSecrets',
    'linkedIdentities',
    'authProviders',
    'changelogEntries',
    'changelogLinks',
  ];
  const tables = { users: [user], roles: [everyoneRole(at(0)), teamRole(at(0))], ...Object.fromEntries(names.map((name) => [name, []])) };
  await writeFile(join(dir, 'db.json'), JSON.stringify({ schemaVersion: 8, seq: 1, settings: DEFAULT_SETTINGS, tables }));
  const storage = await open(t, dir);
  t.is(SCHEMA_VERSION, 15);
  t.deepEqual(await storage.users.get(user.id), user);
  t.is(await storage.postMerges.count(), 0);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, 15);
  t.deepEqual(upgraded.tables.postMerges, []);
});
