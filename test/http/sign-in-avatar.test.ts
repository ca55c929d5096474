import { Writable } from 'node:stream';
import test from 'ava';
import { pino } from 'pino';
import { sweepOrphanUploads } from '../../src/services/uploads.js';
import { testLookup } from '../_helpers/host-lookup.js';
import { OWNER } from '../_helpers/personas.js';
import { PICTURE_COMMENT, PICTURE_SERVER_CERT, type PictureServer, startPictureServer } from '../_helpers/picture-server.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { createSecret, type ProductSecret, productToken } from '../_helpers/sso-product.js';

/*
 * The picture a single sign-on token brings becomes the person's avatar (issue 28: "name, avatar
 * and email follow the token"), without any page ever loading it from the product's server: the
 * server fetches it after the answer from a real https host on loopback (allowed here by
 * avatarFetchAllowPrivate, as webhook tests allow their receivers), cleans it as uploads are and
 * answers `/uploads/<id>` as the avatar everywhere. Both engines.
 */

let server: TestServer;
let pictures: PictureServer;
let ownerToken: string;
let secret: ProductSecret;
const warnings: Record<string, unknown>[] = [];

test.before(async () => {
  pictures = await startPictureServer();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as Record<string, unknown>;
      if (line.level === 40) warnings.push(line);
      done();
    },
  });
  // A short deadline, so that the slow host's case does not wait long (the pictures here take milliseconds).
  server = await startTestServer({ avatarFetchAllowPrivate: true, avatarFetchTimeoutMs: 1000 }, { logger: pino({ level: 'warn' }, sink), avatarFetchCa: PICTURE_SERVER_CERT });
  ownerToken = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  secret = await createSecret(server, ownerToken);
});
test.after.always(async () => {
  await server?.close();
  await pictures?.close();
});

const GRAVATAR = /^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}$/;

/** Signs in through POST /auth/sso, then waits for the work after the answer (the picture's fetch). */
async function signIn(claims: Record<string, unknown>) {
  const answer = await server.request('POST', '/auth/sso', { body: { token: productToken(secret, claims) } });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.text}`);
  await server.ctx.background.idle();
  return answer.body.user as { userId: string; authToken: string; avatar: string };
}

/** The avatar the owner's list of users shows for someone (a PublicUser's, as on posts and comments). */
async function listedAvatar(on: TestServer, owner: string, userId: string): Promise<string> {
  const listed = await on.request('GET', '/users?first=100', { token: owner });
  return listed.body.results.find((user: { userId: string }) => user.userId === userId)?.avatar;
}

test("the token's picture becomes the avatar: fetched once after the answer, stripped, served from /uploads, counted as used", async (t) => {
  const claims = { sub: 'pic-1', email: 'picture@example.com', name: 'Pic Ture', avatarUrl: `${pictures.url}/avatar.png` };
  const first = await signIn(claims);
  t.regex(first.avatar, GRAVATAR, 'the answer does not wait for the picture');
  t.is(pictures.requests.get('/avatar.png'), 1);

  const avatar = await listedAvatar(server, ownerToken, first.userId);
  t.regex(avatar, /^\/uploads\/[0-9a-f]{64}$/);
  const uploadId = avatar.slice('/uploads/'.length);
  t.like(await server.ctx.storage.uploads.get(uploadId), { type: 'png', width: 40, height: 40, userId: first.userId });
  const served = await fetch(`${server.url}${avatar}`);
  t.is(served.status, 200);
  t.is(served.headers.get('content-type'), 'image/png');
  const bytes = Buffer.from(await served.arrayBuffer());
  t.true(pictures.png.includes(PICTURE_COMMENT), 'the picture as sent carries metadata');
  t.false(bytes.includes(PICTURE_COMMENT), 'the avatar does not');

  // The next sign-in answers the avatar (the web app keeps the answer's), and the same address is not fetched again.
  const second = await signIn(claims);
  t.is(second.avatar, avatar);
  t.is(pictures.requests.get('/avatar.png'), 1);

  // Every public view of the person shows it: the post's voters, a comment's author.
  const board = (await server.ctx.storage.boards.list())[0] ?? (await server.request('POST', '/boards', { token: ownerToken, body: { name: 'Ideas', url: 'ideas' } })).body.board;
  const post = await server.request('POST', '/posts', { token: second.authToken, body: { title: 'My picture shows', boardId: board.id } });
  t.is(post.status, 201, post.text);
  const votes = await server.request('GET', `/posts/${post.body.post.postId}/votes`, { token: ownerToken });
  t.is(votes.body.votes.results[0]?.user.avatar, avatar, votes.text);
  const comment = await server.request('POST', `/posts/${post.body.post.postId}/comments`, { token: second.authToken, body: { body: 'And my comments' } });
  t.is(comment.body.activity.author.avatar, avatar, comment.text);

  // No post or comment names the upload, yet the sweep keeps it: it is someone's avatar.
  t.is(await sweepOrphanUploads(server.ctx, Date.now() + 2 * server.ctx.config.uploadOrphanMs), 0);
  t.truthy(await server.ctx.storage.uploads.get(uploadId));
  t.is((await fetch(`${server.url}${avatar}`)).status, 200);
});

test('a picture that cannot be had keeps the avatar and logs a warning: a 404, a page that is not an image, a host too slow', async (t) => {
  const missing = await signIn({ sub: 'pic-404', email: 'missing@example.com', avatarUrl: `${pictures.url}/missing.png` });
  t.regex(await listedAvatar(server, ownerToken, missing.userId), GRAVATAR);
  const page = await signIn({ sub: 'pic-html', email: 'page@example.com', avatarUrl: `${pictures.url}/page.html` });
  t.regex(await listedAvatar(server, ownerToken, page.userId), GRAVATAR);
  const started = Date.now();
  const slow = await signIn({ sub: 'pic-slow', email: 'slow@example.com', avatarUrl: `${pictures.url}/slow.png` });
  t.true(Date.now() - started < 5000, 'the deadline (avatarFetchTimeoutMs) ended the fetch');
  t.regex(await listedAvatar(server, ownerToken, slow.userId), GRAVATAR);
  t.is(pictures.requests.get('/missing.png'), 1);
  t.is(pictures.requests.get('/page.html'), 1);
  t.is(pictures.requests.get('/slow.png'), 1);
  const logged = warnings.filter((line) => [missing.userId, page.userId, slow.userId].includes(line.userId as string));
  t.is(logged.length, 3);
  t.regex(String(logged[0]?.msg), /could not be fetched; the avatar stays as it was/);

  // A later picture that works replaces Gravatar; one that fails after it keeps the picture.
  await signIn({ sub: 'pic-404', email: 'missing@example.com', avatarUrl: `${pictures.url}/avatar-2.png` });
  const fetched = await listedAvatar(server, ownerToken, missing.userId);
  t.regex(fetched, /^\/uploads\//);
  await signIn({ sub: 'pic-404', email: 'missing@example.com', avatarUrl: `${pictures.url}/missing.png?again` });
  t.is(await listedAvatar(server, ownerToken, missing.userId), fetched);
});

test('a picture on a loopback or private address is refused unless avatarFetchAllowPrivate', async (t) => {
  // Its own server: the setting is the server's, and the one above allows private addresses.
  const lookupAvatarHost = testLookup({ 'pictures.example.com': ['127.0.0.1'] });
  const refusals: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as { err?: { message?: string } };
      if (line.err?.message) refusals.push(line.err.message);
      done();
    },
  });
  const guarded = await startTestServer({}, { avatarFetchCa: PICTURE_SERVER_CERT, lookupAvatarHost, logger: pino({ level: 'warn' }, sink) });
  t.teardown(guarded.close);
  const owner = (await guarded.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  const guardedSecret = await createSecret(guarded, owner);
  
  for (const [sub, avatarUrl] of [
    ['private-1', `${pictures.url}/avatar-3.png`],
    // A name is judged by the addresses it resolves to, as a webhook's is.
    ['private-2', `https://pictures.example.com:${new URL(pictures.url).port}/avatar-3.png`],
    ['private-3', 'https://10.1.2.3/avatar.png'],
  ] as const) {
    const answer = await guarded.request('POST', '/auth/sso', { body: { token: productToken(guardedSecret, { sub, email: `${sub}@example.com`, avatarUrl }) } });
    t.is(answer.status, 200, answer.text);
    await guarded.ctx.background.idle();
    t.regex(await listedAvatar(guarded, owner, answer.body.user.userId), GRAVATAR, avatarUrl);
  }
  t.is(pictures.requests.get('/avatar-3.png'), undefined, 'nothing reached the loopback server');
  t.deepEqual(lookupAvatarHost.asked, ['pictures.example.com']);
  t.deepEqual(refusals, [
    'refused: is a loopback address (127.0.0.1); the avatarFetchAllowPrivate setting allows such addresses',
    'refused: resolves to a loopback address (127.0.0.1); the avatarFetchAllowPrivate setting allows such addresses',
    'refused: is a private address (10.1.2.3); the avatarFetchAllowPrivate setting allows such addresses',
  ]);
});
