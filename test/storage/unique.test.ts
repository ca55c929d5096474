import test, { type ExecutionContext } from 'ava';
import { EVERYONE_ROLE_ID } from '../../src/storage/seed.js';
import { type Storage, UniqueViolation } from '../../src/storage/types.js';
import { freshStorage, open } from './_config.js';
import { boardRow, mailTokenRow, postRow, roadmapRow, roleRow, userRoleRow, userRow, voteRow } from './_rows.js';

async function refused(t: ExecutionContext, write: Promise<unknown>, constraint: string): Promise<void> {
  const error = await t.throwsAsync(write, { instanceOf: UniqueViolation });
  t.is(error?.constraint, constraint);
}

test('users: email (case-insensitive), username, single owner, id', async (t) => {
  const { storage } = await freshStorage(t);
  const ada = await storage.users.insert(userRow({ email: 'ada@example.org', isOwner: true }));
  await refused(t, storage.users.insert(userRow({ email: 'ADA@example.org' })), 'users.email');
  await refused(t, storage.users.insert(userRow({ username: ada.username })), 'users.username');
  await refused(t, storage.users.insert(userRow({ isOwner: true })), 'users.owner');
  await refused(t, storage.users.insert(userRow({ id: ada.id })), 'users.id');
  const other = await storage.users.insert(userRow());
  await refused(t, storage.users.update(other.id, { email: 'Ada@Example.org' }), 'users.email');
  await refused(t, storage.users.update(other.id, { isOwner: true }), 'users.owner');
  t.is(await storage.users.count(), 2);
  t.deepEqual(await storage.users.get(other.id), other, 'a refused update changes nothing');
});

test('posts.slug, votes.userPost, boards.url, roadmaps.url and roadmaps.index', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const post = await storage.posts.insert(postRow(user.id));
  await refused(t, storage.posts.insert(postRow(user.id, { slug: post.slug })), 'posts.slug');
  await storage.votes.insert(voteRow(user.id, post.id));
  await refused(t, storage.votes.insert(voteRow(user.id, post.id)), 'votes.userPost');
  const board = await storage.boards.insert(boardRow());
  await refused(t, storage.boards.insert(boardRow({ url: board.url })), 'boards.url');
  const roadmap = await storage.roadmaps.insert(roadmapRow({ index: 1 }));
  await refused(t, storage.roadmaps.insert(roadmapRow({ url: roadmap.url })), 'roadmaps.url');
  await refused(t, storage.roadmaps.insert(roadmapRow({ index: 1 })), 'roadmaps.index');
  await refused(t, storage.posts.insert(postRow(user.id, { id: post.id })), 'posts.id');
});

test('roles.name (case-insensitive), userRoles.userRole, mailTokens.tokenHash', async (t) => {
  const { storage } = await freshStorage(t);
  await refused(t, storage.roles.insert(roleRow({ name: '@EVERYONE' })), 'roles.name');
  const user = await storage.users.insert(userRow());
  await storage.userRoles.insert(userRoleRow(user.id, EVERYONE_ROLE_ID));
  await refused(t, storage.userRoles.insert(userRoleRow(user.id, EVERYONE_ROLE_ID)), 'userRoles.userRole');
  const token = await storage.mailTokens.insert(mailTokenRow(user.id));
  await refused(t, storage.mailTokens.insert(mailTokenRow(user.id, { tokenHash: token.tokenHash })), 'mailTokens.tokenHash');
});

test('a key freed by delete or update can be taken again', async (t) => {
  const { storage } = await freshStorage(t);
  const board = await storage.boards.insert(boardRow({ url: 'ideas' }));
  await storage.boards.update(board.id, { url: 'ideas-old' });
  const second = await storage.boards.insert(boardRow({ url: 'ideas' }));
  await storage.boards.delete(second.id);
  await t.notThrowsAsync(storage.boards.insert(boardRow({ url: 'ideas' })));
});

test('concurrent inserts of one email: exactly one wins', async (t) => {
  const { storage } = await freshStorage(t);
  const attempts = Array.from({ length: 8 }, (_, i) =>
    storage.users.insert(userRow({ email: i % 2 ? 'race@example.org' : 'RACE@example.org' })),
  );
  const results = await Promise.allSettled(attempts);
  t.is(results.filter((r) => r.status === 'fulfilled').length, 1);
  for (const result of results) {
    if (result.status === 'rejected') t.is((result.reason as UniqueViolation).constraint, 'users.email');
  }
});

test('concurrent check-then-insert transactions: exactly one wins, the others see its row', async (t) => {
  const { storage } = await freshStorage(t);
  const signUp = (storage: Storage) =>
    storage.transaction(async (tx) => {
      if (await tx.users.getByEmail('setup@example.org')) return 'exists';
      await tx.users.insert(userRow({ email: 'setup@example.org', isOwner: true }));
      return 'created';
    });
  const results = await Promise.all(Array.from({ length: 6 }, () => signUp(storage)));
  t.deepEqual(results.sort(), ['created', 'exists', 'exists', 'exists', 'exists', 'exists']);
});

test('unique rules still hold after a restart', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow({ email: 'kept@example.org' }));
  await storage.close();
  const reopened = await open(t, dir);
  await refused(t, reopened.users.insert(userRow({ email: 'KEPT@example.org' })), 'users.email');
  await refused(t, reopened.users.insert(userRow({ username: user.username })), 'users.username');
});
