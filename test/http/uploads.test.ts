// Uploaded images (issue 31 §3) on both engines: POST /api/v1/uploads checks the bytes, strips the
// metadata and keeps the format; GET /uploads/<id> serves them safely; limits answer 413/429.
import { createHash } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import sharp from 'sharp';
import { createMember } from '../_helpers/personas.js';
import { sweepOrphanUploads } from '../../src/services/uploads.js';
import { startTestServer, type TestResponse, type TestServer } from '../_helpers/server.js';

async function send(server: TestServer, token: string | undefined, bytes: Uint8Array, name = 'image.png', type = 'image/png'): Promise<TestResponse> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return server.request('POST', '/uploads', { token, ...(await asRaw(form)) });
}

/** The form as raw bytes with its own Content-Type, so the test helper sends (and checks) it like any request. */
async function asRaw(form: FormData): Promise<{ rawBody: Uint8Array; headers: Record<string, string> }> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { rawBody: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

const png = (width = 32, height = 24) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer();

/** A JPEG carrying an EXIF block with GPS coordinates and a camera name. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam', Model: 'Secret 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();
}

async function start(t: ExecutionContext, overrides: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(overrides);
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: { email: 'owner@example.org', password: 'correct horse', name: 'Owner' } });
  return { server, ownerToken: setup.body.user.authToken as string };
}

test('a JPEG with EXIF GPS comes back without it, still a JPEG of the same size; served with its type, nosniff, a sandbox and long caching', async (t) => {
  const { server, ownerToken } = await start(t);
  const original = await jpegWithGps();
  const before = await sharp(original).metadata();
  t.truthy(before.exif, 'the fixture carries EXIF');
  t.true(original.includes(Buffer.from('Exif\0\0')));
  t.true(original.includes(Buffer.from('SpyCam')));

  const answer = await send(server, ownerToken, original, 'holiday.jpg', 'image/jpeg');
  t.is(answer.status, 201, answer.text);
  const { upload } = answer.body;
  t.regex(upload.uploadId, /^[0-9a-f]{64}$/);
  t.is(upload.url, `/uploads/${upload.uploadId}`);
  t.like(upload, { type: 'jpeg', width: 40, height: 30 });

  const served = await fetch(`${server.url}${upload.url}`);
  t.is(served.status, 200);
  t.is(served.headers.get('content-type'), 'image/jpeg');
  t.is(served.headers.get('x-content-type-options'), 'nosniff');
  t.is(served.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  t.is(served.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  t.is(served.headers.get('etag'), `"${upload.uploadId}"`);
  const bytes = Buffer.from(await served.arrayBuffer());
  t.is(bytes.length, upload.size);
  const after = await sharp(bytes).metadata();
  t.is(after.format, 'jpeg');
  t.is(after.exif, undefined, 'no EXIF block');
  t.false(bytes.includes(Buffer.from('Exif\0\0')), 'no Exif marker in the bytes');
  t.false(bytes.includes(Buffer.from('SpyCam')));

  const again = await fetch(`${server.url}${upload.url}`, { headers: { 'If-None-Match': `"${upload.uploadId}"` } });
  t.is(again.status, 304);
  const twice = await send(server, ownerToken, original, 'again.jpg', 'image/jpeg');
  t.is(twice.status, 201);
  t.is(twice.body.upload.uploadId, upload.uploadId, 'the same image is stored once');
  t.is(await server.ctx.storage.uploads.count(), 1);

  for (const path of [`/uploads/${'0'.repeat(64)}`, '/uploads/nothing', '/uploads/..%2Fdb.json', `/uploads/${upload.uploadId}/x`]) {
    t.is((await fetch(`${server.url}${path}`)).status, 404, path);
  }
});

test('PNG, GIF and WebP keep their format; PHP or HTML named .png, an SVG, a truncated image and no file are refused with clear codes', async (t) => {
  const { server, ownerToken } = await start(t);
  const pngAnswer = await send(server, ownerToken, await png(20, 10));
  t.like(pngAnswer.body.upload, { type: 'png', width: 20, height: 10 });
  const frames = sharp({ create: { width: 8, height: 16, channels: 4, background: '#ff0000' } });
  const gif = await sharp(await frames.png().toBuffer())
    .gif()
    .toBuffer();
  t.like((await send(server, ownerToken, gif, 'a.gif', 'image/gif')).body.upload, { type: 'gif', width: 8, height: 16 });
  const webp = await sharp(await png(12, 12)).webp().toBuffer();
  t.like((await send(server, ownerToken, webp, 'a.webp', 'image/webp')).body.upload, { type: 'webp', width: 12, height: 12 });

  const refusals: Array<[string, Uint8Array, string]> = [
    ['shell.png', Buffer.from('<?php system($_GET["c"]); ?>'), 'UPLOAD_TYPE_NOT_ALLOWED'],
    ['page.png', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'UPLOAD_TYPE_NOT_ALLOWED'],
    ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'UPLOAD_TYPE_NOT_ALLOWED'],
    ['cut.png', (await png(200, 200)).subarray(0, 120), 'UPLOAD_NOT_AN_IMAGE'],
  ];
  for (const [name, bytes, code] of refusals) {
    const answer = await send(server, ownerToken, bytes, name, 'image/png');
    t.is(answer.status, 400, name);
    t.is(answer.body.code, code, name);
    t.truthy(answer.body.message, name);
  }
  const noFile = await server.request('POST', '/uploads', { token: ownerToken, body: { file: 'x' } });
  t.is(noFile.status, 400);
  t.is(noFile.body.code, 'UPLOAD_FILE_MISSING');
  t.is(await server.ctx.storage.uploads.count(), 3);
});

test('too large (413 while reading), too many pixels (413), over the daily quota (429); the caller must be signed in and may write', async (t) => {
  const { server, ownerToken } = await start(t, { uploadMaxBytes: 4096, uploadMaxPixels: 10_000, uploadDailyQuotaBytes: 1000 });
  const big = Buffer.concat([await png(), Buffer.alloc(20_000, 1)]);
  const tooLarge = await send(server, ownerToken, big);
  t.is(tooLarge.status, 413);
  t.is(tooLarge.body.code, 'UPLOAD_TOO_LARGE');
  // Announced larger than the limit (and its framing): refused from the headers, the body never read.
  const announced = await server.request('POST', '/uploads', {
    token: ownerToken,
    rawBody: new Uint8Array(200_000),
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
  });
  t.is(announced.status, 413);
  t.is(announced.body.code, 'UPLOAD_TOO_LARGE');
  t.is(announced.headers.get('connection'), 'close');

  const wide = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#000' } }).png().toBuffer();
  t.true(wide.length < 4096);
  const pixels = await send(server, ownerToken, wide);
  t.is(pixels.status, 413);
  t.is(pixels.body.code, 'UPLOAD_TOO_MANY_PIXELS');

  const noisy = async (seed: number) =>
    sharp(Buffer.from(Array.from({ length: 30 * 30 * 3 }, (_, i) => (i * seed * 7919) % 251)), { raw: { width: 30, height: 30, channels: 3 } })
      .png()
      .toBuffer();
  const first = await send(server, ownerToken, await noisy(3));
  t.is(first.status, 201, first.text);
  t.true(first.body.upload.size > 500, `fixture large enough to fill the quota twice: ${first.body.upload.size}`);
  const second = await send(server, ownerToken, await noisy(5));
  t.is(second.status, 429);
  t.is(second.body.code, 'UPLOAD_QUOTA_EXCEEDED');
  t.regex(second.body.message, /try again tomorrow/);
  t.is((await send(server, ownerToken, await noisy(3))).status, 201, 'the image already stored costs nothing');

  t.is((await send(server, undefined, await png())).status, 401);
  const stranger = await createMember(server.ctx, { withoutEveryone: true });
  const refused = await send(server, stranger.token, await png());
  t.is(refused.status, 403);
  t.is(refused.body.code, 'NOT_ENOUGH_PERMISSION');
});

test('the per-user rate: past uploadRateLimit a user gets 429 RATE_LIMITED with Retry-After, another user still uploads', async (t) => {
  const limited = await startTestServer({ uploadRateLimit: { limit: 2, windowSeconds: 3600 } });
  t.teardown(limited.close);
  const one = await createMember(limited.ctx);
  const two = await createMember(limited.ctx);
  t.is((await send(limited, one.token, await png(5, 5))).status, 201);
  t.is((await send(limited, one.token, await png(6, 5))).status, 201);
  const third = await send(limited, one.token, await png(7, 5));
  t.is(third.status, 429);
  t.is(third.body.code, 'RATE_LIMITED');
  t.truthy(third.headers.get('retry-after'));
  t.is((await send(limited, two.token, await png(8, 5))).status, 201);
});

test('serve’s worker removes an upload no post or comment uses once it is uploadOrphanMs old, and bytes left without a row; one a post or comment uses stays', async (t) => {
  const server = await startTestServer({ uploadOrphanMs: 1500 }, { worker: true });
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: { email: 'owner@example.org', password: 'correct horse', name: 'Owner' } });
  const token = setup.body.user.authToken as string;
  const board = (await server.ctx.storage.boards.list())[0] ?? (await server.request('POST', '/boards', { token, body: { name: 'Ideas', url: 'ideas' } })).body.board;
  const upload = async (width: number) => (await send(server, token, await png(width, 9))).body.upload;
  const inPost = await upload(11);
  const inComment = await upload(12);
  const orphan = await upload(13);
  // Bytes whose row never came (a process stopped between the two writes).
  const stray = Buffer.from('bytes without a row');
  const strayId = createHash('sha256').update(stray).digest('hex');
  await server.ctx.storage.uploadBytes.write(strayId, stray);
  const post = await server.request('POST', '/posts', { token, body: { title: 'With a picture', contentMarkdown: `See ![image](${inPost.url})`, boardId: board.id } });
  t.is(post.status, 201, post.text);
  const comment = await server.request('POST', `/posts/${post.body.post.postId}/comments`, { token, body: { body: `Also ![image](${inComment.url})` } });
  t.is(comment.status, 201, comment.text);
  const deadline = Date.now() + 10_000;
  while ((await server.ctx.storage.uploads.get(orphan.uploadId)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  t.is(await server.ctx.storage.uploads.get(orphan.uploadId), undefined, 'the orphan is gone');
  t.is(await server.ctx.storage.uploadBytes.read(orphan.uploadId), undefined, 'with its bytes');
  t.is((await fetch(`${server.url}${orphan.url}`)).status, 404);
  while ((await server.ctx.storage.uploadBytes.read(strayId)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  t.is(await server.ctx.storage.uploadBytes.read(strayId), undefined, 'bytes without a row are removed at the next sweep but one');
  t.truthy(await server.ctx.storage.uploads.get(inPost.uploadId));
  t.truthy(await server.ctx.storage.uploads.get(inComment.uploadId));
  t.is((await fetch(`${server.url}${inPost.url}`)).status, 200);
});

test('the sweep reads the texts only when an upload has aged unchecked or a window has passed: an image an edit dropped goes then', async (t) => {
  const window = 600_000;
  const { server, ownerToken: token } = await start(t, { uploadOrphanMs: window });
  const reads = { count: 0 };
  const usedIds = server.ctx.storage.uploads.usedIds.bind(server.ctx.storage.uploads);
  server.ctx.storage.uploads.usedIds = () => {
    reads.count++;
    return usedIds();
  };
  const board = (await server.request('POST', '/boards', { token, body: { name: 'Ideas', url: 'ideas' } })).body.board;
  const kept = (await send(server, token, await png(21, 9))).body.upload;
  const orphan = (await send(server, token, await png(22, 9))).body.upload;
  const post = await server.request('POST', '/posts', { token, body: { title: 'With a picture', contentMarkdown: `![image](${kept.url})`, boardId: board.id } });
  t.is(post.status, 201, post.text);

  const aged = Date.now() + window + 1000;
  t.is(await sweepOrphanUploads(server.ctx, aged), 1);
  t.is(await server.ctx.storage.uploads.get(orphan.uploadId), undefined);
  t.is(reads.count, 1);
  // Every aged upload is known in use: sweeps a minute apart read nothing.
  t.is(await sweepOrphanUploads(server.ctx, aged + 60_000), 0);
  t.is(await sweepOrphanUploads(server.ctx, aged + 120_000), 0);
  t.is(reads.count, 1, 'no reading while nothing is unsure');

  const edited = await server.request('PATCH', '/posts', { token, body: { postId: post.body.post.postId, title: 'With a picture', contentMarkdown: 'The picture went' } });
  t.is(edited.status, 200, edited.text);
  t.is(await sweepOrphanUploads(server.ctx, aged + 180_000), 0, 'an upload found in use is trusted for a window');
  t.is(await sweepOrphanUploads(server.ctx, aged + window + 1000), 1, 'then checked again: the edit dropped it');
  t.is(reads.count, 2);
  t.is(await server.ctx.storage.uploads.get(kept.uploadId), undefined);
});

test('uploads sent at once count against the daily quota together: one fits, the others get 429', async (t) => {
  const { server, ownerToken } = await start(t, { uploadDailyQuotaBytes: 1000 });
  const noisy = async (seed: number) =>
    sharp(Buffer.from(Array.from({ length: 30 * 30 * 3 }, (_, i) => (i * seed * 7919) % 251)), { raw: { width: 30, height: 30, channels: 3 } })
      .png()
      .toBuffer();
  const images = await Promise.all([3, 5, 7, 11].map(noisy));
  const answers = await Promise.all(images.map((image) => send(server, ownerToken, image)));
  t.deepEqual(answers.map((answer) => answer.status).sort(), [201, 429, 429, 429], answers.map((answer) => answer.text).join('\n'));
  t.true(answers.filter((answer) => answer.status === 429).every((answer) => answer.body.code === 'UPLOAD_QUOTA_EXCEEDED'));
  const stored = await server.ctx.storage.uploads.sizeByUserSince((await server.ctx.storage.users.getOwner())!.id, '1970-01-01T00:00:00.000Z');
  t.true(stored <= 1000, `stored ${stored} bytes`);
});
