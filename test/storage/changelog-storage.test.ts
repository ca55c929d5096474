import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { type RawDocument, SCHEMA_VERSION, TABLE_NAMES } from '../../src/storage/lowdb/document.js';
import { DEFAULT_SETTINGS, everyoneRole, teamRole } from '../../src/storage/seed.js';
import { type ChangelogEntryRow, type ChangelogLinkRow, type Storage, UniqueViolation } from '../../src/storage/types.js';
import { freshStorage, open, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, postRow, userRow } from './_rows.js';

/*
 * The changelog tables (issue 30 §1, JSON schema 8, PostgreSQL migration 11) on both engines, and
 * the JSON-file upgrade from schema 7, which adds them empty.
 */

const entryRow = (authorId: string, fields: Partial<ChangelogEntryRow> = {}): ChangelogEntryRow => ({
  id: randomUUID(),
  slug: `release-${randomUUID().slice(0, 8)}`,
  title: 'Release',
  contentMarkdown: 'Things **shipped**.',
  labels: ['new', 'fixed'],
  status: 'draft',
  publishAt: null,
  publishedAt: null,
  moveToRoadmapId: null,
  authorId,
  createdAt: at(0),
  updatedAt: at(0),
  ...fields,
});

const linkRow = (entryId: string, postId: string, position: number): ChangelogLinkRow => ({ id: randomUUID(), entryId, postId, position, createdAt: at(0) });

async function withAuthorAndPosts(storage: Storage) {
  const author = await storage.users.insert(userRow());
  const posts = [await storage.posts.insert(postRow(author.id)), await storage.posts.insert(postRow(author.id))];
  return { author, posts };
}

test('changelog entries: every field read back as written; found by slug; the slug is unique', async (t) => {
  const { storage } = await freshStorage(t);
  const { author } = await withAuthorAndPosts(storage);
  const entry = entryRow(author.id, { status: 'scheduled', publishAt: at(50), moveToRoadmapId: randomUUID() });
  t.deepEqual(await storage.changelogEntries.insert(entry), entry);
  t.deepEqual(await storage.changelogEntries.get(entry.id), entry);
  t.deepEqual(await storage.changelogEntries.getBySlug(entry.slug), entry);
  t.is(await storage.changelogEntries.getBySlug('nothing'), undefined);
  const clash = storage.changelogEntries.insert(entryRow(author.id, { slug: entry.slug }));
  t.is((await t.throwsAsync(clash, { instanceOf: UniqueViolation }))?.constraint, 'changelogEntries.slug');
  const published = { status: 'published' as const, publishedAt: at(60), labels: [] };
  t.deepEqual(await storage.changelogEntries.update(entry.id, published), { ...entry, ...published });
});

test('changelog list: newest first by published, due or written time; by status and by linked post; paged with a total', async (t) => {
  const { storage } = await freshStorage(t);
  const { author, posts } = await withAuthorAndPosts(storage);
  const old = await storage.changelogEntries.insert(entryRow(author.id, { status: 'published', publishedAt: at(10) }));
  const recent = await storage.changelogEntries.insert(entryRow(author.id, { status: 'published', publishedAt: at(30) }));
  const draft = await storage.changelogEntries.insert(entryRow(author.id, { createdAt: at(20) }));
  const due = await storage.changelogEntries.insert(entryRow(author.id, { status: 'scheduled', publishAt: at(40) }));
  const published = await storage.changelogEntries.list({ statuses: ['published'], offset: 0, limit: 10 });
  t.deepEqual(published, { rows: [recent, old], total: 2 });
  const all = await storage.changelogEntries.list({ statuses: ['draft', 'scheduled', 'published'], offset: 1, limit: 2 });
  t.deepEqual(all, { rows: [recent, draft], total: 4 });
  t.deepEqual(all.rows.length, 2);
  await storage.changelogLinks.insert(linkRow(old.id, posts[0]!.id, 0));
  await storage.changelogLinks.insert(linkRow(due.id, posts[0]!.id, 0));
  t.deepEqual(await storage.changelogEntries.list({ statuses: ['published'], postId: posts[0]!.id, offset: 0, limit: 10 }), { rows: [old], total: 1 });
  t.deepEqual(await storage.changelogEntries.list({ statuses: ['published'], postId: posts[1]!.id, offset: 0, limit: 10 }), { rows: [], total: 0 });
});

test('changelog claimDue: scheduled entries whose time has come, earliest first, within a transaction', async (t) => {
  const { storage } = await freshStorage(t);
  const { author } = await withAuthorAndPosts(storage);
  const later = await storage.changelogEntries.insert(entryRow(author.id, { status: 'scheduled', publishAt: at(20) }));
  const first = await storage.changelogEntries.insert(entryRow(author.id, { status: 'scheduled', publishAt: at(10) }));
  await storage.changelogEntries.insert(entryRow(author.id, { status: 'scheduled', publishAt: at(99) }));
  await storage.changelogEntries.insert(entryRow(author.id, { status: 'published', publishAt: at(5), publishedAt: at(5) }));
  const claimed = await storage.transaction((tx) => tx.changelogEntries.claimDue(at(30), 10));
  t.deepEqual(claimed, [first, later]);
  t.deepEqual(await storage.transaction((tx) => tx.changelogEntries.claimDue(at(30), 1)), [first]);
  t.deepEqual(await storage.transaction((tx) => tx.changelogEntries.lock(first.id)), first);
});

test('changelog links: listed in position order, one per entry and post, gone with their entry or post', async (t) => {
  const { storage } = await freshStorage(t);
  const { author, posts } = await withAuthorAndPosts(storage);
  const entry = await storage.changelogEntries.insert(entryRow(author.id));
  const second = await storage.changelogLinks.insert(linkRow(entry.id, posts[0]!.id, 1));
  const first = await storage.changelogLinks.insert(linkRow(entry.id, posts[1]!.id, 0));
  t.deepEqual(await storage.changelogLinks.listByEntry(entry.id), [first, second]);
  const twice = storage.changelogLinks.insert(linkRow(entry.id, posts[0]!.id, 2));
  t.is((await t.throwsAsync(twice, { instanceOf: UniqueViolation }))?.constraint, 'changelogLinks.entryPost');
  t.is(await storage.changelogLinks.deleteByPost(posts[0]!.id), 1);
  t.deepEqual(await storage.changelogLinks.listByEntry(entry.id), [first]);
  t.is(await storage.changelogLinks.deleteByEntry(entry.id), 1);
  t.is(await storage.changelogLinks.count(), 0);
});

lowdbOnly('a schema-7 database is upgraded through 8 (both changelog tables, empty) to 9, its rows kept', async (t) => {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  const user = userRow();
  const older = TABLE_NAMES.filter((name) => !['users', 'roles', 'changelogEntries', 'changelogLinks', 'postMerges'].includes(name));
  const tables = { users: [user], roles: [everyoneRole(at(0)), teamRole(at(0))], ...Object.fromEntries(older.map((name) => [name, []])) };
  await writeFile(join(dir, 'db.json'), JSON.stringify({ schemaVersion: 7, seq: 1, settings: DEFAULT_SETTINGS, tables }));
  const storage = await open(t, dir);
  t.is(SCHEMA_VERSION, 15);
  t.deepEqual(await storage.users.get(user.id), user);
  t.is(await storage.changelogEntries.count(), 0);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, 15);
  t.deepEqual([upgraded.tables.changelogEntries, upgraded.tables.changelogLinks], [[], []]);
});
