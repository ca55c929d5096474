import { randomUUID } from 'node:crypto';
import test from 'ava';
import { AppError } from '../../src/errors.js';
import type { ServiceContext } from '../../src/services/context.js';
import { issueMailToken } from '../../src/services/mail-tokens.js';
import { deleteUser } from '../../src/services/user-admin-delete.js';
import { findUser } from '../../src/services/user-admin-lookup.js';
import { createUser, issueAccessToken, makeOwner, setUserBlocked, setUserPassword, verifyUser } from '../../src/services/user-admin.js';
import type { CommentRow, PostRow, UserRow } from '../../src/storage/types.js';
import { createMember, createPostAt, voteAt } from '../_helpers/personas.js';
import { openContext } from './_context.js';

const PASSWORD = 'correct horse battery';

async function owner(ctx: ServiceContext): Promise<UserRow> {
  const item = await createUser(ctx, { email: 'ada@example.org', name: 'Ada', password: PASSWORD, owner: true });
  return (await ctx.storage.users.get(item.userId))!;
}

/** A comment (and its activity entry) written straight to storage. */
async function commentOn(ctx: ServiceContext, post: PostRow, user: UserRow, parentId: string | null = null): Promise<CommentRow> {
  const now = new Date().toISOString();
  return ctx.storage.transaction(async (tx) => {
    const comment = await tx.comments.insert({
      id: randomUUID(),
      postId: post.id,
      parentId,
      userId: user.id,
      body: 'hello',
      isInternal: false,
      isEdited: false,
      isSpam: false,
      createdAt: now,
      updatedAt: now,
    });
    await tx.activities.insert({ id: randomUUID(), postId: post.id, commentId: comment.id, type: 'comment', createdAt: now });
    return comment;
  });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return error instanceof AppError ? error.code : `no AppError: ${String(error)}`;
}

test('users are found by id in any case or by email in any case; anything else is USER_NOT_FOUND naming it', async (t) => {
  const ctx = await openContext(t);
  const ada = await owner(ctx);
  t.is((await findUser(ctx.storage, ada.id.toUpperCase())).id, ada.id);
  t.is((await findUser(ctx.storage, ' ADA@example.org ')).id, ada.id);
  const missing = await findUser(ctx.storage, 'nobody').catch((error: AppError) => error);
  t.like(missing, { code: 'USER_NOT_FOUND', message: 'No user with email nobody', status: 404 });
  t.is(await codeOf(findUser(ctx.storage, '  ')), 'VALIDATION_ERROR');
});

test('create: @everyone, the API validation, an owner only while there is none', async (t) => {
  const ctx = await openContext(t);
  t.is(await codeOf(createUser(ctx, { email: 'bob@example.org', name: 'x'.repeat(65) })), 'NAME_TOO_LONG');
  t.is(await codeOf(createUser(ctx, { email: 'bob@example.org', name: 'Bob', owner: 'yes' })), 'VALIDATION_ERROR');
  await owner(ctx);
  const bob = await createUser(ctx, { email: 'bob@example.org', name: 'Bob <b>' });
  t.like(bob, { name: 'Bob b', isOwner: false, isVerified: false, roles: [{ name: '@everyone', isSystem: true }] });
  t.is(await codeOf(createUser(ctx, { email: 'carol@example.org', name: '', owner: true })), 'OWNER_EXISTS');
  t.is(await ctx.storage.users.count(), 2);
});

test('set-password revokes earlier tokens and reset links; verify and block flip their flags once', async (t) => {
  const ctx = await openContext(t);
  const ada = await owner(ctx);
  const bob = (await createMember(ctx, { email: 'bob@example.org' })).user;
  await ctx.storage.transaction((tx) => issueMailToken(tx, bob.id, 'reset', new Date()));
  const change = await setUserPassword(ctx, 'bob@example.org', 'a new password');
  t.true(change.changed);
  const after = (await ctx.storage.users.get(bob.id))!;
  t.is(after.tokenVersion, bob.tokenVersion + 1);
  t.not(after.passwordHash, bob.passwordHash);
  t.is(await codeOf(setUserPassword(ctx, bob.id, 'short')), 'PASSWORD_TOO_SHORT');

  t.like(await verifyUser(ctx, bob.id), { changed: true, user: { isVerified: true } });
  t.like(await verifyUser(ctx, bob.id), { changed: false });
  t.like(await setUserBlocked(ctx, bob.id, true), { changed: true, user: { isBlocked: true } });
  t.like(await setUserBlocked(ctx, bob.id, true), { changed: false });
  t.is(await codeOf(issueAccessToken(ctx, bob.id)), 'USER_BLOCKED');
  t.like(await setUserBlocked(ctx, bob.id, false), { changed: true, user: { isBlocked: false } });
  t.is(await codeOf(setUserBlocked(ctx, ada.id, true)), 'OWNER_CANNOT_BE_BLOCKED');
  const issued = await issueAccessToken(ctx, 'bob@example.org');
  t.like(ctx.tokens.verify(issued.token), { userId: bob.id, ver: after.tokenVersion });
});

test('make-owner moves ownership in one write: always exactly one owner', async (t) => {
  const ctx = await openContext(t);
  const ada = await owner(ctx);
  const bob = (await createMember(ctx, { email: 'bob@example.org' })).user;
  t.like(await makeOwner(ctx, bob.email), { changed: true, previousOwner: 'ada@example.org', user: { isOwner: true } });
  const owners = async () => (await Promise.all([ada.id, bob.id].map((id) => ctx.storage.users.get(id)))).filter((u) => u?.isOwner);
  t.deepEqual((await owners()).map((u) => u?.email), ['bob@example.org']);
  t.like(await makeOwner(ctx, bob.email), { changed: false });
  const blocked = (await createMember(ctx, { blocked: true })).user;
  t.is(await codeOf(makeOwner(ctx, blocked.id)), 'USER_BLOCKED');
  t.is((await owners()).length, 1);
});

test('delete: the owner never; a post author only with --reassign-to; votes, roles, tokens and comments go', async (t) => {
  const ctx = await openContext(t);
  const ada = await owner(ctx);
  const bob = (await createMember(ctx, { email: 'bob@example.org', permissions: ['board:read'] })).user;
  const post = await createPostAt(ctx, bob, { createdAt: new Date().toISOString() });
  const adaPost = await createPostAt(ctx, ada, { createdAt: new Date().toISOString() });
  await voteAt(ctx, bob, adaPost, new Date().toISOString());
  const bobComment = await commentOn(ctx, adaPost, bob);
  await commentOn(ctx, adaPost, ada, bobComment.id);
  await ctx.storage.transaction((tx) => issueMailToken(tx, bob.id, 'verify', new Date()));

  t.is(await codeOf(deleteUser(ctx, ada.email)), 'OWNER_CANNOT_BE_DELETED');
  const refused = await deleteUser(ctx, bob.email).catch((error: AppError) => error);
  t.like(refused, { code: 'USER_HAS_POSTS', status: 409 });
  t.regex((refused as AppError).message, /^bob@example\.org wrote 1 post, and a post's author must exist: give --reassign-to/);
  t.is(await codeOf(deleteUser(ctx, bob.email, bob.id)), 'REASSIGN_TO_SAME_USER');
  t.is(await codeOf(deleteUser(ctx, bob.email, 'nobody@example.org')), 'USER_NOT_FOUND');
  t.truthy(await ctx.storage.users.get(bob.id), 'refusals change nothing');

  const deletion = await deleteUser(ctx, bob.email, ada.email);
  t.deepEqual(deletion, {
    userId: bob.id,
    email: 'bob@example.org',
    reassignedTo: 'ada@example.org',
    postsReassigned: 1,
    commentsReassigned: 1,
    commentsDeleted: 0,
    votesDeleted: 1,
    roleAssignmentsDeleted: 2,
    mailTokensDeleted: 1,
  });
  t.is(await ctx.storage.users.get(bob.id), undefined);
  t.is((await ctx.storage.posts.get(post.id))?.userId, ada.id);
  t.is((await ctx.storage.comments.get(bobComment.id))?.userId, ada.id);
  t.is((await ctx.storage.votes.countByUsers([bob.id])).get(bob.id), 0);
  t.deepEqual(await ctx.storage.userRoles.listByUser(bob.id), []);
});

test('delete without posts removes the comments with their threads', async (t) => {
  const ctx = await openContext(t);
  const ada = await owner(ctx);
  const carol = (await createMember(ctx, { email: 'carol@example.org' })).user;
  const post = await createPostAt(ctx, ada, { createdAt: new Date().toISOString() });
  const root = await commentOn(ctx, post, carol);
  const reply = await commentOn(ctx, post, ada, root.id);
  await commentOn(ctx, post, carol, reply.id);
  const kept = await commentOn(ctx, post, ada);
  t.like(await deleteUser(ctx, carol.id), { commentsDeleted: 3, commentsReassigned: 0, postsReassigned: 0, reassignedTo: null });
  t.deepEqual((await ctx.storage.comments.listByUser(ada.id)).map((comment) => comment.id), [kept.id]);
  t.is(await ctx.storage.activities.getByComment(reply.id), undefined);
});
