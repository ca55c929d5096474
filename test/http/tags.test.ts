/*
 * The tag routes (issue 31 §1) on both engines: creating, listing, changing and deleting tags,
 * validation in the documented order, permissions, private tags seen only by holders of
 * tag:assign (in GET /tags, in posts' `tags` and through the `tags` filter of POST /posts/get),
 * PUT /posts/:post_id/tags, and tags in every answer showing a post.
 */
import { randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { createBoard, createMember, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { shapeEvent } from '../../src/services/outbox/event-data.js';

interface World {
  server: TestServer;
  owner: Persona;
  member: Persona;
  assigner: Persona;
}

async function start(t: ExecutionContext): Promise<World> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  const member = await createMember(server.ctx);
  const assigner = await createMember(server.ctx, { permissions: ['tag:assign'] });
  return { server, owner, member, assigner };
}

async function newTag(world: World, body: Record<string, unknown>): Promise<{ tagId: string; name: string; color: string; public: boolean }> {
  const answer = await world.server.request('POST', '/tags', { token: world.owner.token, body });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.tag;
}

async function newPost(world: World, title: string, boardId?: string): Promise<string> {
  const answer = await world.server.request('POST', '/posts', { token: world.owner.token, body: { title, ...(boardId ? { boardId } : {}) } });
  return answer.body.post.postId as string;
}

test('the owner creates, lists, renames, recolours, makes private and deletes tags', async (t) => {
  const world = await start(t);
  const { server, owner } = world;
  const created = await server.request('POST', '/tags', { token: owner.token, body: { name: '  Dark mode ', color: '#1E90FF' } });
  t.is(created.status, 201);
  t.like(created.body.tag, { name: 'Dark mode', color: '1e90ff', public: true });
  const tag = created.body.tag;
  t.is(tag.createdAt, tag.updatedAt);
  const random = await newTag(world, { name: 'api', public: false });
  t.regex(random.color, /^[0-9a-f]{6}$/);
  t.deepEqual((await server.request('GET', '/tags', { token: owner.token })).body.tags.map((x: { name: string }) => x.name), ['api', 'Dark mode']);
  const changed = await server.request('PATCH', `/tags/${tag.tagId}`, { token: owner.token, body: { name: 'Night mode', color: 'ff0000', public: false } });
  t.is(changed.status, 200);
  t.like(changed.body.tag, { tagId: tag.tagId, name: 'Night mode', color: 'ff0000', public: false, createdAt: tag.createdAt });
  const recased = await server.request('PATCH', `/tags/${tag.tagId}`, { token: owner.token, body: { name: 'NIGHT mode' } });
  t.like(recased.body.tag, { name: 'NIGHT mode', color: 'ff0000' });
  t.is((await server.request('DELETE', `/tags/${tag.tagId}`, { token: owner.token })).status, 204);
  t.like((await server.request('DELETE', `/tags/${tag.tagId}`, { token: owner.token })).body, { code: 'TAG_NOT_FOUND', message: 'Tag not found' });
  t.like((await server.request('PATCH', '/tags/not-an-id', { token: owner.token, body: {} })).body, { code: 'TAG_NOT_FOUND' });
});

test('validation: the codes and messages the OpenAPI document names, in its order', async (t) => {
  const world = await start(t);
  const { server, owner } = world;
  const refused = async (body: unknown, method = 'POST', path = '/tags') => {
    const { status, body: answer } = await server.request(method, path, { token: owner.token, body });
    return { status, code: answer.code, message: answer.message };
  };
  t.deepEqual(await refused({}), { status: 400, code: 'TAG_NAME_MISSING', message: 'Tag name missing' });
  t.deepEqual(await refused({ name: '   ', color: 'zz' }), { status: 400, code: 'TAG_NAME_MISSING', message: 'Tag name missing' });
  t.deepEqual(await refused({ name: 7 }), { status: 400, code: 'VALIDATION_ERROR', message: 'name must be a string' });
  t.deepEqual(await refused({ name: 'x'.repeat(41) }), { status: 400, code: 'TAG_NAME_TOO_LONG', message: 'Tag name cannot exceed 40 characters' });
  t.is((await server.request('POST', '/tags', { token: owner.token, body: { name: 'x'.repeat(40) } })).status, 201);
  t.deepEqual(await refused({ name: 'Ok', color: '#12345' }), { status: 400, code: 'TAG_COLOR_HEX_LENGTH', message: 'Color must be exactly 6 characters' });
  t.deepEqual(await refused({ name: 'Ok', color: 'gggggg' }), { status: 400, code: 'TAG_COLOR_HEX_CHAR', message: 'Color must be a valid hexadecimal value' });
  t.deepEqual(await refused({ name: 'Ok', color: 5 }), { status: 400, code: 'VALIDATION_ERROR', message: 'color must be a string' });
  t.deepEqual(await refused({ name: 'Ok', public: 'yes' }), { status: 400, code: 'VALIDATION_ERROR', message: 'public must be a boolean' });
  const first = await newTag(world, { name: 'Mobile' });
  t.deepEqual(await refused({ name: 'MOBILE' }), { status: 409, code: 'TAG_EXISTS', message: 'A tag with this name already exists' });
  const other = await newTag(world, { name: 'Desktop' });
  t.deepEqual(await refused({ name: 'mobile' }, 'PATCH', `/tags/${other.tagId}`), { status: 409, code: 'TAG_EXISTS', message: 'A tag with this name already exists' });
  // The tag (404) before its fields (400).
  t.deepEqual(await refused({ name: '' }, 'PATCH', '/tags/0b5a6a9e-0000-4000-8000-00000000dead'), { status: 404, code: 'TAG_NOT_FOUND', message: 'Tag not found' });
  t.deepEqual(await refused({ name: '' }, 'PATCH', `/tags/${first.tagId}`), { status: 400, code: 'TAG_NAME_MISSING', message: 'Tag name missing' });
});

test('permissions: a member without them gets 403 before anything else; each tag permission opens its route; anonymous callers 401', async (t) => {
  const world = await start(t);
  const { server, member } = world;
  const tag = await newTag(world, { name: 'Mobile' });
  const postId = await newPost(world, 'Dark mode');
  const forbidden = { status: 403, code: 'NOT_ENOUGH_PERMISSION' };
  const status = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const answer = await server.request(method, path, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
    return { status: answer.status, code: answer.body?.code };
  };
  t.like(await status('POST', '/tags', member.token, { name: '' }), forbidden);
  t.like(await status('PATCH', '/tags/nope', member.token, { name: '' }), forbidden);
  t.like(await status('DELETE', '/tags/nope', member.token), forbidden);
  t.like(await status('PUT', '/posts/nope/tags', member.token, { tags: 'x' }), forbidden);
  t.like(await status('POST', '/tags', undefined, { name: 'x' }), { status: 401 });
  const creator = await createMember(server.ctx, { permissions: ['tag:create'] });
  const updater = await createMember(server.ctx, { permissions: ['tag:update'] });
  const destroyer = await createMember(server.ctx, { permissions: ['tag:destroy'] });
  t.like(await status('POST', '/tags', creator.token, { name: 'Desktop' }), { status: 201 });
  t.like(await status('PATCH', `/tags/${tag.tagId}`, creator.token, { name: 'x' }), forbidden);
  t.like(await status('PATCH', `/tags/${tag.tagId}`, updater.token, { name: 'Phone' }), { status: 200 });
  t.like(await status('PUT', `/posts/${postId}/tags`, updater.token, { tags: [tag.tagId] }), forbidden);
  t.like(await status('PUT', `/posts/${postId}/tags`, world.assigner.token, { tags: [tag.tagId] }), { status: 200 });
  t.like(await status('DELETE', `/tags/${tag.tagId}`, updater.token), forbidden);
  t.like(await status('DELETE', `/tags/${tag.tagId}`, destroyer.token), { status: 204 });
  t.deepEqual((await server.ctx.storage.postTags.count()), 0, 'the deleted tag left the post');
});

test('PUT /posts/:post_id/tags sets exactly the tags named; its checks come in the documented order', async (t) => {
  const world = await start(t);
  const { server, assigner } = world;
  const [b, a, c] = [await newTag(world, { name: 'beta' }), await newTag(world, { name: 'Alpha', public: false }), await newTag(world, { name: 'gamma' })];
  const postId = await newPost(world, 'Dark mode');
  const put = (tags: unknown, id = postId) => server.request('PUT', `/posts/${id}/tags`, { token: assigner.token, body: { tags } });
  const first = await put([b.tagId, a.tagId, b.tagId]);
  t.is(first.status, 200);
  t.deepEqual(first.body.tags, [
    { tagId: a.tagId, name: 'Alpha', color: a.color },
    { tagId: b.tagId, name: 'beta', color: b.color },
  ]);
  t.deepEqual((await put([c.tagId, a.tagId])).body.tags.map((x: { name: string }) => x.name), ['Alpha', 'gamma']);
  t.is(await server.ctx.storage.postTags.count(), 2);
  t.deepEqual((await put([])).body.tags, []);
  const refused = async (tags: unknown, id = postId) => {
    const answer = await put(tags, id);
    return { status: answer.status, code: answer.body.code, message: answer.body.message };
  };
  const nowhere = '0b5a6a9e-0000-4000-8000-00000000dead';
  t.deepEqual(await refused('x', nowhere), { status: 404, code: 'POST_NOT_FOUND', message: 'Post not found' });
  t.deepEqual(await refused('x'), { status: 400, code: 'VALIDATION_ERROR', message: 'tags must be an array' });
  t.deepEqual(await refused(undefined), { status: 400, code: 'VALIDATION_ERROR', message: 'tags must be an array' });
  t.deepEqual(await refused([b.tagId, 'x']), { status: 400, code: 'VALIDATION_ERROR', message: 'tags.1 must be a UUID' });
  t.deepEqual(await refused([b.tagId, nowhere]), { status: 404, code: 'TAG_NOT_FOUND', message: 'Tag not found' });
  t.is(await server.ctx.storage.postTags.count(), 0, 'a refused request changes nothing');
  const hidden = await createBoard(server.ctx, { display: false });
  const onHidden = await newPost(world, 'Secret', hidden.id);
  t.deepEqual(await refused([b.tagId], onHidden), { status: 404, code: 'POST_NOT_FOUND', message: 'Post not found' });
});

test('posts carry the tags each caller may see, by name, in every answer showing a post; webhooks see public ones', async (t) => {
  const world = await start(t);
  const { server, owner, member, assigner } = world;
  const pub = await newTag(world, { name: 'Mobile', color: '00aa00' });
  const priv = await newTag(world, { name: 'Churn risk', public: false, color: 'aa0000' });
  const postId = await newPost(world, 'Dark mode everywhere');
  await server.request('PUT', `/posts/${postId}/tags`, { token: owner.token, body: { tags: [pub.tagId, priv.tagId] } });
  const both = [
    { tagId: priv.tagId, name: 'Churn risk', color: 'aa0000' },
    { tagId: pub.tagId, name: 'Mobile', color: '00aa00' },
  ];
  const onlyPublic = [both[1]];
  const tagsSeen = async (token: string | undefined) => {
    const auth = token ? { token } : {};
    const listed = (await server.request('POST', '/posts/get', { ...auth, body: {} })).body.posts as Array<{ postId: string; tags: unknown }>;
    const list = listed.find((post) => post.postId === postId)!.tags;
    const slug = (await server.request('POST', '/posts/slug', { ...auth, body: { id: postId } })).body.post.tags;
    const similar = (await server.request('POST', '/posts/similar', { ...auth, body: { title: 'dark mode' } })).body.posts[0].tags;
    return { list, slug, similar };
  };
  t.deepEqual(await tagsSeen(owner.token), { list: both, slug: both, similar: both });
  t.deepEqual(await tagsSeen(assigner.token), { list: both, slug: both, similar: both });
  t.deepEqual(await tagsSeen(member.token), { list: onlyPublic, slug: onlyPublic, similar: onlyPublic });
  t.deepEqual(await tagsSeen(undefined), { list: onlyPublic, slug: onlyPublic, similar: onlyPublic });
  t.deepEqual((await server.request('GET', '/tags', {})).body.tags.map((x: { name: string }) => x.name), ['Mobile']);
  t.deepEqual((await server.request('GET', '/tags', { token: assigner.token })).body.tags.map((x: { name: string }) => x.name), ['Churn risk', 'Mobile']);
  const updated = await server.request('PATCH', '/posts', { token: owner.token, body: { id: postId, title: 'Dark mode, everywhere' } });
  t.deepEqual(updated.body.post.tags, both);
  const created = await server.request('POST', '/posts', { token: owner.token, body: { title: 'Another' } });
  t.deepEqual(created.body.post.tags, []);
  // A renamed tag shows its new name at once (the listed posts' cache knows).
  await server.request('PATCH', `/tags/${pub.tagId}`, { token: owner.token, body: { name: 'Phones' } });
  t.deepEqual((await tagsSeen(undefined)).list, [{ tagId: pub.tagId, name: 'Phones', color: '00aa00' }]);
  // Webhook payloads carry the post as a visitor sees it: its public tags.
  const event = { id: randomUUID(), name: 'post.created', postId, actorId: owner.user.id, facts: {}, createdAt: new Date().toISOString() };
  const shapedEvent = await server.ctx.storage.transaction((tx) => shapeEvent(tx, event, new Map()));
  const shapedTags = (shapedEvent!.data as { post: { tags: unknown } }).post.tags;
  t.deepEqual(shapedTags, [{ tagId: pub.tagId, name: 'Phones', color: '00aa00' }]);
});

test('POST /posts/get `tags`: every tag named; unknown or unseeable ids match nothing; validation messages', async (t) => {
  const world = await start(t);
  const { server, owner, member, assigner } = world;
  const red = await newTag(world, { name: 'red' });
  const blue = await newTag(world, { name: 'blue' });
  const secret = await newTag(world, { name: 'secret', public: false });
  const one = await newPost(world, 'One');
  const two = await newPost(world, 'Two');
  await newPost(world, 'Three');
  await server.request('PUT', `/posts/${one}/tags`, { token: owner.token, body: { tags: [red.tagId, secret.tagId] } });
  await server.request('PUT', `/posts/${two}/tags`, { token: owner.token, body: { tags: [red.tagId, blue.tagId] } });
  const ids = async (body: Record<string, unknown>, token?: string) => {
    const answer = await server.request('POST', '/posts/get', { ...(token ? { token } : {}), body });
    if (answer.status !== 200) return answer.body;
    return answer.body.posts.map((post: { postId: string }) => post.postId).sort();
  };
  t.deepEqual(await ids({ tags: [red.tagId] }), [one, two].sort());
  t.deepEqual(await ids({ tags: [red.tagId, blue.tagId.toUpperCase()] }), [two]);
  t.deepEqual(await ids({ tags: [red.tagId, 'not-a-tag'] }), []);
  t.deepEqual(await ids({ tags: ['0b5a6a9e-0000-4000-8000-00000000dead'] }), []);
  t.deepEqual(await ids({ tags: [secret.tagId] }), [], 'anonymous: a private tag is no tag');
  t.deepEqual(await ids({ tags: [secret.tagId] }, member.token), []);
  t.deepEqual(await ids({ tags: [secret.tagId] }, assigner.token), [one]);
  t.deepEqual(await ids({ tags: [secret.tagId, red.tagId], query: 'one', orderBy: 'votes' }, owner.token), [one]);
  t.is((await ids({ tags: [] })).length, 3);
  t.is((await ids({ tags: null })).length, 3);
  t.like(await ids({ tags: red.tagId }), { code: 'VALIDATION_ERROR', message: 'tags must be an array' });
  t.like(await ids({ tags: [red.tagId, 5] }), { code: 'VALIDATION_ERROR', message: 'tags.1 must be a string' });
  t.like(await ids({ tags: Array.from({ length: 51 }, () => red.tagId) }), { code: 'VALIDATION_ERROR', message: 'tags must contain at most 50 items' });
  // mine is checked before tags.
  t.like(await ids({ mine: 'x', tags: 5 }), { message: 'mine must be one of: posted, voted' });
});

test('deleting a post removes its tags; deleting a tag removes it from posts', async (t) => {
  const world = await start(t);
  const { server, owner } = world;
  const tag = await newTag(world, { name: 'red' });
  const other = await newTag(world, { name: 'blue' });
  const one = await newPost(world, 'One');
  const two = await newPost(world, 'Two');
  for (const postId of [one, two]) await server.request('PUT', `/posts/${postId}/tags`, { token: owner.token, body: { tags: [tag.tagId, other.tagId] } });
  t.is((await server.request('DELETE', '/posts', { token: owner.token, body: { id: one } })).status, 204);
  t.is(await server.ctx.storage.postTags.count(), 2);
  await server.request('DELETE', `/tags/${tag.tagId}`, { token: owner.token });
  t.deepEqual((await server.request('POST', '/posts/slug', { body: { id: two } })).body.post.tags, [{ tagId: other.tagId, name: 'blue', color: other.color }]);
});
