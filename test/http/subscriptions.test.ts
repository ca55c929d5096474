import test from 'ava';
import { subscriberIds } from '../../src/services/notifications/subscribers.js';
import { signUnsubscribeToken, unsubscribeKey, unsubscribeTokenFor } from '../../src/services/notifications/unsubscribe-token.js';
import { deleteUser } from '../../src/services/user-admin-delete.js';
import type { PostRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/*
 * The notification routes (issue 17): a post's subscription, the caller's mail setting and the
 * one-click unsubscribe link. Runs on both engines (the PostgreSQL run includes test/http).
 */

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
const POST_NOT_FOUND = { message: 'Post not found', code: 'POST_NOT_FOUND' };
const INVALID_LINK = { message: 'Unsubscribe link is invalid', code: 'INVALID_UNSUBSCRIBE_TOKEN' };
const NO_AUTH = { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' };
const UNSUPPORTED = { message: 'Request body must be application/json', code: 'UNSUPPORTED_MEDIA_TYPE' };
const ONE_CLICK_FORM = { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } };

let server: TestServer;
let owner: Persona;
let author: Persona;
let n = 0;
const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, n++)).toISOString();

test.before(async () => {
  server = await startTestServer();
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken };
  author = await createMember(server.ctx, { name: 'Ada Author' });
});
test.after.always(() => server?.close());

const newPost = (fields: Partial<PostRow> = {}) => createPostAt(server.ctx, author.user, { createdAt: at(), title: 'Dark mode', ...fields });
const member = () => createMember(server.ctx);
const getSubscription = (postId: string, token: string) => server.request('GET', `/posts/${postId}/subscription`, { token });
const putSubscription = (postId: string, token: string, body: unknown) => server.request('PUT', `/posts/${postId}/subscription`, { token, body });
const subscription = (postId: string, subscribed: boolean, reason: string | null) => ({ subscription: { postId, subscribed, reason } });
const unsubscribe = (token: string, options = {}) => server.request('POST', `/notifications/unsubscribe?token=${encodeURIComponent(token)}`, options);
const tokenFor = (userId: string, postId: string) => unsubscribeTokenFor(server.ctx.config, { userId, postId });

async function comment(token: string, postId: string, body: Record<string, unknown>): Promise<string> {
  const response = await server.request('POST', `/posts/${postId}/comments`, { token, body });
  if (response.status !== 201) throw new Error(`comment not created: ${response.status} ${response.text}`);
  return response.body.activity.comment.id;
}

// ---- GET /posts/:post_id/subscription: the implicit reasons ---------------------------------------

test('the author, a voter and a public commenter are subscribed without asking; anyone else is not', async (t) => {
  const post = await newPost();
  const [voter, commenter, stranger] = [await member(), await member(), await member()];
  t.is((await server.request('POST', '/votes', { token: voter.token, body: { postId: post.id } })).status, 201);
  await comment(commenter.token, post.id, { body: 'Yes please' });

  t.deepEqual((await getSubscription(post.id, author.token)).body, subscription(post.id, true, 'author'));
  t.deepEqual((await getSubscription(post.id, voter.token)).body, subscription(post.id, true, 'voter'));
  t.deepEqual((await getSubscription(post.id, commenter.token)).body, subscription(post.id, true, 'commenter'));
  const answer = await getSubscription(post.id.toUpperCase(), stranger.token);
  t.is(answer.status, 200);
  t.deepEqual(answer.body, subscription(post.id, false, null));
});

test('internal notes and comments marked as spam subscribe nobody', async (t) => {
  const post = await newPost();
  const staff = await createMember(server.ctx, { permissions: ['comment:create_internal', 'comment:view_internal'] });
  const spammer = await member();
  await comment(staff.token, post.id, { body: 'Internal: needs design', is_internal: true });
  const spamId = await comment(spammer.token, post.id, { body: 'Buy now' });
  await server.ctx.storage.transaction((tx) => tx.comments.update(spamId, { isSpam: true }));

  t.deepEqual((await getSubscription(post.id, staff.token)).body, subscription(post.id, false, null));
  t.deepEqual((await getSubscription(post.id, spammer.token)).body, subscription(post.id, false, null));
  t.deepEqual(await subscriberIds(server.ctx.storage, post), [author.user.id]);
});

// ---- PUT /posts/:post_id/subscription ---------------------------------------------------------------

test('an opt-out wins over being the author, and opting back in is a choice of its own', async (t) => {
  const post = await newPost();
  t.deepEqual((await putSubscription(post.id, author.token, { subscribed: false })).body, subscription(post.id, false, null));
  t.deepEqual((await getSubscription(post.id, author.token)).body, subscription(post.id, false, null));
  t.deepEqual(await subscriberIds(server.ctx.storage, post), []);
  // Repeating the same choice is harmless.
  t.is((await putSubscription(post.id, author.token, { subscribed: false })).status, 200);

  t.deepEqual((await putSubscription(post.id, author.token, { subscribed: true })).body, subscription(post.id, true, 'chosen'));
  t.deepEqual(await subscriberIds(server.ctx.storage, post), [author.user.id]);
});

test('an opt-out wins over a later vote; anyone else may subscribe', async (t) => {
  const post = await newPost();
  const [voter, follower] = [await member(), await member()];
  await putSubscription(post.id, voter.token, { subscribed: false });
  await server.request('POST', '/votes', { token: voter.token, body: { postId: post.id } });
  t.deepEqual((await getSubscription(post.id, voter.token)).body, subscription(post.id, false, null));

  t.deepEqual((await putSubscription(post.id, follower.token, { subscribed: true })).body, subscription(post.id, true, 'chosen'));
  t.deepEqual(await subscriberIds(server.ctx.storage, post), [author.user.id, follower.user.id]);
});

test('subscriberIds: each user once, without blocked users or those who turned mail off', async (t) => {
  const post = await newPost();
  const [both, quiet, blocked] = [await member(), await member(), await member()];
  for (const persona of [author, both, quiet, blocked]) await server.request('POST', '/votes', { token: persona.token, body: { postId: post.id } });
  await comment(both.token, post.id, { body: 'Me too' });
  await putSubscription(post.id, both.token, { subscribed: true });
  await server.request('PATCH', '/auth/notifications', { token: quiet.token, body: { mail: false } });
  await server.ctx.storage.transaction((tx) => tx.users.update(blocked.user.id, { isBlocked: true }));

  const ids = await subscriberIds(server.ctx.storage, post);
  t.deepEqual(ids, [author.user.id, both.user.id]);
  // The worker calls it inside a transaction.
  t.deepEqual(await server.ctx.storage.transaction((tx) => subscriberIds(tx, post)), ids);
});

test('subscriberIds reads every page of a popular post’s voters', async (t) => {
  const post = await newPost();
  const now = new Date().toISOString();
  // The ids come out of the transaction: PostgreSQL may run it again after a serialisation failure.
  const voters = await server.ctx.storage.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < 520; i++) {
      const identity = { id: crypto.randomUUID(), email: `voter-${i}@pages.example`, username: `pages-${i}` };
      const user = await tx.users.insert({ ...author.user, ...identity, isOwner: false });
      await tx.votes.insert({ id: crypto.randomUUID(), userId: user.id, postId: post.id, createdAt: now });
      ids.push(user.id);
    }
    return ids;
  });
  const ids = await subscriberIds(server.ctx.storage, post);
  t.is(ids.length, 521);
  t.deepEqual([...ids].sort(), [author.user.id, ...voters].sort());
});

test('a post on a hidden board is not found for callers who cannot see it', async (t) => {
  const board = await createBoard(server.ctx, { display: false });
  const post = await newPost({ boardId: board.id });
  const stranger = await member();
  t.deepEqual((await getSubscription(post.id, stranger.token)).body, POST_NOT_FOUND);
  const put = await putSubscription(post.id, stranger.token, { subscribed: true });
  t.is(put.status, 404);
  t.deepEqual(put.body, POST_NOT_FOUND);
  t.deepEqual((await getSubscription(post.id, owner.token)).body, subscription(post.id, false, null));
});

test('unknown or malformed post ids answer 404; the post is checked before the body', async (t) => {
  for (const id of ['not-a-uuid', crypto.randomUUID()]) {
    const answer = await getSubscription(id, author.token);
    t.is(answer.status, 404);
    t.deepEqual(answer.body, POST_NOT_FOUND);
    t.deepEqual((await putSubscription(id, author.token, { subscribed: 'yes' })).body, POST_NOT_FOUND);
  }
});

test('subscribed must be a boolean', async (t) => {
  const post = await newPost();
  const missing = await putSubscription(post.id, author.token, {});
  t.is(missing.status, 400);
  t.deepEqual(missing.body, validationError('subscribed', 'subscribed is required'));
  for (const value of ['true', 1, null]) {
    t.deepEqual((await putSubscription(post.id, author.token, { subscribed: value })).body, validationError('subscribed', 'subscribed must be a boolean'));
  }
  t.deepEqual((await getSubscription(post.id, author.token)).body, subscription(post.id, true, 'author'));
});

test('the subscription routes need a signed-in caller and a JSON body', async (t) => {
  const post = await newPost();
  t.deepEqual((await server.request('GET', `/posts/${post.id}/subscription`)).body, NO_AUTH);
  t.deepEqual((await server.request('PUT', `/posts/${post.id}/subscription`, { body: { subscribed: true } })).body, NO_AUTH);
  // The form body of the one-click route is not accepted anywhere else.
  const form = await server.request('PUT', `/posts/${post.id}/subscription`, { token: author.token, ...ONE_CLICK_FORM });
  t.is(form.status, 415);
  t.deepEqual(form.body, UNSUPPORTED);
});

// ---- /auth/notifications ------------------------------------------------------------------------------

test('notification mail is on by default, turns off and back on', async (t) => {
  const persona = await member();
  const get = () => server.request('GET', '/auth/notifications', { token: persona.token });
  const patch = (body: unknown) => server.request('PATCH', '/auth/notifications', { token: persona.token, body });
  t.deepEqual((await get()).body, { notifications: { mail: true } });
  t.deepEqual((await patch({ mail: false })).body, { notifications: { mail: false } });
  t.deepEqual((await get()).body, { notifications: { mail: false } });
  t.is((await server.ctx.storage.users.get(persona.user.id))?.notificationsOff, true);
  // An omitted `mail` changes nothing.
  t.deepEqual((await patch({})).body, { notifications: { mail: false } });
  t.deepEqual((await patch({ mail: true })).body, { notifications: { mail: true } });
  t.deepEqual((await get()).body, { notifications: { mail: true } });
});

test('mail must be a boolean; the routes need a signed-in caller', async (t) => {
  const persona = await member();
  for (const value of ['false', 0, null]) {
    const answer = await server.request('PATCH', '/auth/notifications', { token: persona.token, body: { mail: value } });
    t.is(answer.status, 400);
    t.deepEqual(answer.body, validationError('mail', 'mail must be a boolean'));
  }
  t.deepEqual((await server.request('GET', '/auth/notifications')).body, NO_AUTH);
  t.deepEqual((await server.request('PATCH', '/auth/notifications', { body: { mail: false } })).body, NO_AUTH);
});

// ---- POST /notifications/unsubscribe ------------------------------------------------------------------

test('one click: the form mail providers send unsubscribes the user the token names, signed in or not', async (t) => {
  const post = await newPost({ title: 'One-click “quotes” & <tags>' });
  const voter = await member();
  await server.request('POST', '/votes', { token: voter.token, body: { postId: post.id } });
  const answer = await unsubscribe(await tokenFor(voter.user.id, post.id), ONE_CLICK_FORM);
  t.is(answer.status, 200);
  t.deepEqual(answer.body, { unsubscribed: { postId: post.id, title: post.title, slug: post.slug } });
  t.deepEqual((await getSubscription(post.id, voter.token)).body, subscription(post.id, false, null));
  t.deepEqual(await subscriberIds(server.ctx.storage, post), [author.user.id]);
});

test('the link works with no body, with {} and with a multipart form; repeating it is harmless', async (t) => {
  const post = await newPost();
  const token = await tokenFor(author.user.id, post.id);
  const boundary = 'feedbackd-boundary';
  const multipart = {
    rawBody: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
  for (const options of [{}, { body: {} }, multipart, ONE_CLICK_FORM]) {
    const answer = await unsubscribe(token, options);
    t.is(answer.status, 200, JSON.stringify(options));
    t.is(answer.body.unsubscribed.postId, post.id);
  }
  t.deepEqual((await getSubscription(post.id, author.token)).body, subscription(post.id, false, null));
  t.is((await server.ctx.storage.subscriptions.listByPost(post.id)).length, 1);
});

test('a forged, malformed or missing token is refused', async (t) => {
  const post = await newPost();
  const token = await tokenFor(author.user.id, post.id);
  const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
  const otherPair = await tokenFor(owner.user.id, post.id);
  // The user part of one valid token spliced onto another's MAC.
  const spliced = `${otherPair.slice(0, 22)}${token.slice(22)}`;
  t.regex(token, /^[A-Za-z0-9_-]{66}$/);
  const otherInstall = signUnsubscribeToken(unsubscribeKey('another install’s secret'), { userId: author.user.id, postId: post.id });
  for (const bad of [flipped, spliced, otherInstall, `${token}A`, token.slice(0, -1), 'not a token', server.ctx.tokens.sign(author.user)]) {
    const answer = await unsubscribe(bad, ONE_CLICK_FORM);
    t.is(answer.status, 400, bad);
    t.deepEqual(answer.body, INVALID_LINK);
  }
  t.deepEqual((await server.request('POST', '/notifications/unsubscribe')).body, INVALID_LINK);
  t.deepEqual((await getSubscription(post.id, author.token)).body, subscription(post.id, true, 'author'));
});

test('a token stops working once its user or its post is deleted, or the post is hidden from the user', async (t) => {
  const post = await newPost();
  const goner = await member();
  const token = await tokenFor(goner.user.id, post.id);
  await deleteUser(server.ctx, goner.user.id);
  const gone = await unsubscribe(token, ONE_CLICK_FORM);
  t.is(gone.status, 404);
  t.deepEqual(gone.body, POST_NOT_FOUND);

  const board = await createBoard(server.ctx);
  const hidden = await newPost({ boardId: board.id });
  const hiddenToken = await tokenFor(author.user.id, hidden.id);
  await server.ctx.storage.transaction((tx) => tx.boards.update(board.id, { display: false }));
  t.deepEqual((await unsubscribe(hiddenToken)).body, POST_NOT_FOUND);

  const deleted = await newPost();
  const deletedToken = await tokenFor(author.user.id, deleted.id);
  t.is((await server.request('DELETE', '/posts', { token: owner.token, body: { id: deleted.id } })).status, 204);
  t.deepEqual((await unsubscribe(deletedToken)).body, POST_NOT_FOUND);
});

test('other body types, and forms over 1 MiB, are still refused on the unsubscribe route', async (t) => {
  const post = await newPost();
  const token = await tokenFor(author.user.id, post.id);
  const text = await unsubscribe(token, { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'text/plain' } });
  t.is(text.status, 415);
  t.deepEqual(text.body, UNSUPPORTED);
  t.is((await unsubscribe(token, { rawBody: '[1]', headers: { 'content-type': 'application/json' } })).status, 400);
  const huge = await unsubscribe(token, { ...ONE_CLICK_FORM, rawBody: `List-Unsubscribe=${'x'.repeat(1_048_576)}` });
  t.is(huge.status, 413);
  t.is(huge.body.code, 'PAYLOAD_TOO_LARGE');
  t.deepEqual((await getSubscription(post.id, author.token)).body, subscription(post.id, true, 'author'));
});

test('a chunked form body (no Content-Length) is read to its end, and refused once past 1 MiB', async (t) => {
  const post = await newPost();
  const token = await tokenFor(author.user.id, post.id);
  const chunked = (chunks: string[]) =>
    fetch(`${server.url}/api/v1/notifications/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
  const small = await chunked(['List-Unsubscribe=', 'One-Click']);
  t.is(small.status, 200);
  t.is((await small.json()).unsubscribed.postId, post.id);
  const huge = await chunked(Array.from({ length: 17 }, () => 'x'.repeat(65_536)));
  t.is(huge.status, 413);
  t.is((await huge.json()).code, 'PAYLOAD_TOO_LARGE');
});
