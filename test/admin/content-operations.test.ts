import test from 'ava';
import { runOperation } from '../../src/admin/operations.js';
import { ownerAsSystemActor, systemActor } from '../../src/admin/system-actor.js';
import { AppError } from '../../src/errors.js';
import { PERMISSIONS } from '../../src/services/actors.js';
import type { ServiceContext } from '../../src/services/context.js';
import { createUser } from '../../src/services/user-admin.js';
import type { UserRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, createRoadmap, voteAt } from '../_helpers/personas.js';
import { openContext } from './_context.js';

/*
 * The content operations in this process, against a real service context (the commands send the
 * same arguments, through the server or not): lookups by name or id, the API's validation and
 * messages, and what each operation answers.
 */

// biome-ignore lint/suspicious/noExplicitAny: tests read the answers freely and assert on them.
const op = (ctx: ServiceContext, name: string, args: Record<string, unknown> = {}): Promise<any> => runOperation(ctx, name, args);

/** The code and message an operation fails with. */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return error instanceof AppError ? `${error.code}: ${error.message}` : `no AppError: ${String(error)}`;
}

async function owner(ctx: ServiceContext): Promise<UserRow> {
  const item = await createUser(ctx, { email: 'ada@example.org', name: 'Ada', owner: true });
  return (await ctx.storage.users.get(item.userId))!;
}

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString();

test('the system actor holds every permission (LogChimp’s 36 and feedbackd’s own) and is no stored user; acting through the owner needs one', async (t) => {
  const ctx = await openContext(t);
  const system = systemActor();
  t.deepEqual([...system.permissions], [...PERMISSIONS]);
  t.is(await ctx.storage.users.get(system.user.id), undefined);
  const refused = await failure(ownerAsSystemActor(ctx.storage));
  t.regex(refused, /^OWNER_MISSING: This needs an owner to act as, and the board has none yet: create one \(feedbackd user create --owner /);
  t.regex(refused, /or make a user the owner \(feedbackd user make-owner <user>\)$/);
  const ada = await owner(ctx);
  const actor = await ownerAsSystemActor(ctx.storage);
  t.is(actor.user.id, ada.id);
  t.is(actor.permissions.size, PERMISSIONS.length);
  t.is(PERMISSIONS.length, 45);
});

test('boards: created with the API rules, listed with hidden ones and post counts, found by url or id, deleted leaving posts', async (t) => {
  const ctx = await openContext(t);
  const ada = await owner(ctx);
  t.is(await failure(op(ctx, 'board.create', { name: 'Ideas', color: 'zz' })), 'BOARD_COLOR_HEX_LENGTH: Color must be exactly 6 characters');
  t.is(await failure(op(ctx, 'board.create', { name: 'x'.repeat(51) })), 'BOARD_NAME_TOO_LONG: Board name cannot exceed 50 characters');
  const ideas = await op(ctx, 'board.create', { name: 'Ideas', url: 'My Ideas', color: '2F6FDB', display: true });
  t.like(ideas, { name: 'Ideas', url: 'my-ideas', color: '2f6fdb', display: true, view_voters: true, post_count: 0 });
  const hidden = await op(ctx, 'board.create', { name: 'Internal', view_voters: false });
  t.like(hidden, { display: false, view_voters: false });
  t.regex(hidden.url, /^new-board-[0-9a-z]{10}$/);
  t.is(await failure(op(ctx, 'board.create', { name: 'Again', url: 'my-ideas' })), 'BOARD_URL_EXISTS: Board url already exists');
  await createPostAt(ctx, ada, { createdAt: at(1), boardId: ideas.boardId });

  const listed = await op(ctx, 'board.list');
  t.deepEqual(listed.map((board: { url: string; post_count: number }) => [board.url, board.post_count]), [['my-ideas', 1], [hidden.url, 0]]);
  const updated = await op(ctx, 'board.update', { board: 'MY-IDEAS', name: 'Ideas!', display: false });
  t.like(updated, { boardId: ideas.boardId, name: 'Ideas!', url: 'my-ideas', display: false, post_count: 1 });
  // Only the fields a command may set reach the service: a stray boardId does not pick the target.
  const byId = await op(ctx, 'board.update', { board: hidden.boardId.toUpperCase(), boardId: ideas.boardId, color: 'abcdef' });
  t.like(byId, { boardId: hidden.boardId, color: 'abcdef' });
  t.is(await failure(op(ctx, 'board.update', { board: 'nope', name: 'x' })), 'BOARD_NOT_FOUND: Board not found: nope');
  t.is(await failure(op(ctx, 'board.delete', { board: '  ' })), 'VALIDATION_ERROR: board must not be blank');

  t.like(await op(ctx, 'board.delete', { board: 'my-ideas' }), { url: 'my-ideas', post_count: 1 });
  t.is(await ctx.storage.boards.getByUrl('my-ideas'), undefined);
  t.is((await ctx.storage.posts.listByUser(ada.id))[0]!.boardId, null, 'the post stays, on no board');
});

test('roadmaps: create, update, delete; move walks one step at a time and keeps every index unique', async (t) => {
  const ctx = await openContext(t);
  const names = ['A', 'B', 'C', 'D'];
  for (const name of names) await op(ctx, 'roadmap.create', { name, url: name });
  t.is(await failure(op(ctx, 'roadmap.create', { name: 'E', color: 'ggg000' })), 'ROADMAP_COLOR_HEX_CHAR: Color must be a valid hexadecimal value');
  const order = async () => (await op(ctx, 'roadmap.list')).map((roadmap: { url: string; index: number }) => `${roadmap.url}${roadmap.index}`);
  t.deepEqual(await order(), ['a1', 'b2', 'c3', 'd4']);

  const moved = await op(ctx, 'roadmap.move', { roadmap: 'D', to: '2' });
  t.like(moved, { from: 4, to: 2, roadmap: { url: 'd', index: 2 } });
  t.deepEqual(await order(), ['a1', 'd2', 'b3', 'c4']);
  t.like(await op(ctx, 'roadmap.move', { roadmap: 'a', to: 4 }), { from: 1, to: 4 });
  t.deepEqual(await order(), ['d1', 'b2', 'c3', 'a4']);
  t.like(await op(ctx, 'roadmap.move', { roadmap: 'b', to: 2 }), { from: 2, to: 2 });
  t.is(await failure(op(ctx, 'roadmap.move', { roadmap: 'b', to: 5 })), 'VALIDATION_ERROR: to must be an integer between 1 and 4');
  t.is(await failure(op(ctx, 'roadmap.move', { roadmap: 'b' })), 'VALIDATION_ERROR: to is required');

  t.like(await op(ctx, 'roadmap.update', { roadmap: 'c', name: 'Done', display: true }), { name: 'Done', url: 'c', display: true, index: 3 });
  t.is(await failure(op(ctx, 'roadmap.update', { roadmap: 'c', url: 'a' })), 'ROADMAP_URL_EXISTS: Roadmap url already exists');
  t.like(await op(ctx, 'roadmap.delete', { roadmap: 'b' }), { url: 'b' });
  t.deepEqual(await order(), ['d1', 'c3', 'a4']);
  t.is(await failure(op(ctx, 'roadmap.delete', { roadmap: 'b' })), 'ROADMAP_NOT_FOUND: Roadmap not found: b');
});

test('posts: listed newest first on every board (hidden too) with filters; shown by id or slug; moved; deleted with votes', async (t) => {
  const ctx = await openContext(t);
  const ada = await owner(ctx);
  const shown = await createBoard(ctx, { url: 'shown' });
  const hidden = await createBoard(ctx, { url: 'hidden', display: false });
  const planned = await createRoadmap(ctx, { url: 'planned', display: false });
  const first = await createPostAt(ctx, ada, { createdAt: at(1), title: 'First', boardId: shown.id });
  const second = await createPostAt(ctx, ada, { createdAt: at(2), title: 'Second', boardId: hidden.id, roadmapId: planned.id });
  await createPostAt(ctx, ada, { createdAt: at(3), title: 'Third' });
  await voteAt(ctx, (await createMember(ctx)).user, second, at(4));

  const titles = async (args: Record<string, unknown>) => (await op(ctx, 'post.list', args)).map((post: { title: string }) => post.title);
  t.deepEqual(await titles({}), ['Third', 'Second', 'First']);
  t.deepEqual(await titles({ board: 'hidden' }), ['Second']);
  t.deepEqual(await titles({ roadmap: planned.id }), ['Second']);
  t.deepEqual(await titles({ limit: '2', page: '2' }), ['First']);
  t.is(await failure(op(ctx, 'post.list', { limit: '0' })), 'VALIDATION_ERROR: limit must be an integer between 1 and 100');
  t.is(await failure(op(ctx, 'post.list', { board: 'nope' })), 'BOARD_NOT_FOUND: Board not found: nope');

  const bySlug = await op(ctx, 'post.show', { post: second.slug.toUpperCase() });
  t.like(bySlug, { postId: second.id, slugId: second.slugId, board: { url: 'hidden' }, roadmap: { url: 'planned' }, voters: { votesCount: 1, viewerVote: null } });
  t.is((await op(ctx, 'post.show', { post: first.id })).title, 'First');
  t.is(await failure(op(ctx, 'post.show', { post: 'nope' })), 'POST_NOT_FOUND: Post not found: nope');

  t.like(await op(ctx, 'post.move', { post: first.id, board: 'hidden', roadmap: 'planned' }), { board: { url: 'hidden' }, roadmap: { url: 'planned' } });
  t.like(await op(ctx, 'post.move', { post: first.id, board: null }), { board: null, roadmap: { url: 'planned' } });
  t.like(await op(ctx, 'post.move', { post: first.id, roadmap: null }), { board: null, roadmap: null });
  t.regex(await failure(op(ctx, 'post.move', { post: first.id })), /^NOTHING_TO_MOVE: Nothing to move: give --board/);
  t.is(await failure(op(ctx, 'post.move', { post: first.id, roadmap: 'nope' })), 'ROADMAP_NOT_FOUND: Roadmap not found: nope');

  t.like(await op(ctx, 'post.delete', { post: second.slug }), { postId: second.id, voters: { votesCount: 1 } });
  t.is(await ctx.storage.posts.get(second.id), undefined);
  t.is((await ctx.storage.votes.summarize([second.id], 6, null)).get(second.id)?.count ?? 0, 0);
});

test('roles: created and updated with the API rules, found by name in any case, given to and taken from users', async (t) => {
  const ctx = await openContext(t);
  await owner(ctx);
  const bob = (await createMember(ctx, { email: 'bob@example.org' })).user;
  t.is(await failure(op(ctx, 'role.create', { name: 'Mods', permissions: ['post:update', 'nope'] })), 'INVALID_PERMISSION: Unknown permission: nope');
  const created = await op(ctx, 'role.create', { name: 'Mods', description: 'keeps order', permissions: ['post:destroy', 'post:update'] });
  t.like(created, { role: { name: 'Mods', description: 'keeps order', isSystem: false }, permissions: ['post:update', 'post:destroy'] });
  t.is(await failure(op(ctx, 'role.create', { name: 'MODS' })), 'ROLE_NAME_EXISTS: Role name already exists');

  const listed = await op(ctx, 'role.list');
  t.like(listed, [{ name: '@everyone', isSystem: true }, { name: 'Team', isSystem: false }, { name: 'Mods', permissions: ['post:update', 'post:destroy'] }]);
  t.like(await op(ctx, 'role.show', { role: 'mods' }), { id: created.role.id, permissions: ['post:update', 'post:destroy'] });
  t.like(await op(ctx, 'role.update', { role: created.role.id, permissions: [] }), { role: { name: 'Mods' }, permissions: [] });
  t.like(await op(ctx, 'role.update', { role: 'Mods', name: 'Moderators', permissions: ['board:read'] }), { role: { name: 'Moderators' } });
  t.is(await failure(op(ctx, 'role.update', { role: '@EVERYONE', name: 'all' })), 'CANNOT_UPDATE_SYSTEM_ROLE: Cannot update system role');
  t.is(await failure(op(ctx, 'role.show', { role: 'Mods' })), 'ROLE_NOT_FOUND: Role not found: Mods');

  t.like(await op(ctx, 'role.assign', { role: 'moderators', user: 'BOB@example.org' }), { role: { name: 'Moderators' }, user: { userId: bob.id } });
  t.is(await failure(op(ctx, 'role.assign', { role: 'moderators', user: bob.id })), 'ROLE_ALREADY_ASSIGNED: User already has this role');
  t.is(await failure(op(ctx, 'role.assign', { role: 'moderators', user: 'carol@example.org' })), 'USER_NOT_FOUND: No user with email carol@example.org');
  t.like(await op(ctx, 'role.unassign', { role: 'moderators', user: 'bob@example.org' }), { user: { email: 'bob@example.org' } });
  t.is(await failure(op(ctx, 'role.unassign', { role: 'moderators', user: 'bob@example.org' })), 'ROLE_NOT_ASSIGNED: User does not have this role');
});

test('settings: every key read and written through the site and labs services, with their rules', async (t) => {
  const ctx = await openContext(t);
  t.like(await op(ctx, 'settings.get'), { title: 'Feedback', allowSignup: true, labs: { comments: true } });
  t.regex(await failure(op(ctx, 'settings.get', { key: 'nope' })), /^UNKNOWN_SETTING: Unknown setting "nope": use one of title, description, /);

  t.like(await op(ctx, 'settings.set', { key: 'allowSignup', value: 'FALSE' }), { changed: ['allowSignup'], settings: { allowSignup: false } });
  t.like(await op(ctx, 'settings.set', { key: 'allowSignup', value: 'false' }), { changed: [] });
  t.is(await failure(op(ctx, 'settings.set', { key: 'allowSignup', value: 'no' })), 'VALIDATION_ERROR: allowSignup must be true or false');
  t.is(await failure(op(ctx, 'settings.set', { key: 'isPoweredBy', value: null })), 'VALIDATION_ERROR: isPoweredBy must be true or false');
  t.like(await op(ctx, 'settings.set', { key: 'labs.voteOnBehalf', value: 'true' }), { changed: ['labs.voteOnBehalf'], settings: { labs: { voteOnBehalf: true } } });
  t.like(await op(ctx, 'settings.set', { key: 'developer_mode', value: 'true' }), { settings: { developer_mode: true } });

  t.like(await op(ctx, 'settings.set', { key: 'title', value: '  My board ' }), { settings: { title: 'My board' } });
  t.is(await failure(op(ctx, 'settings.set', { key: 'title', value: null })), 'VALIDATION_ERROR: title cannot be cleared: give a value');
  t.is(await failure(op(ctx, 'settings.set', { key: 'title', value: '' })), 'VALIDATION_ERROR: title must not be blank');
  t.is(await failure(op(ctx, 'settings.set', { key: 'logo', value: 'not a url' })), 'INVALID_LOGO_URL: Invalid Logo URL');
  const logo = 'https://example.org/logo.png';
  t.like(await op(ctx, 'settings.set', { key: 'logo', value: logo }), { changed: ['logo', 'icon'], settings: { logo, icon: logo } });
  t.like(await op(ctx, 'settings.set', { key: 'icon', value: null }), { changed: ['icon'], settings: { logo, icon: null } });
  t.like(await op(ctx, 'settings.set', { key: 'description', value: '' }), { changed: [], settings: { description: null } });
  t.like(await op(ctx, 'settings.set', { key: 'accentColor', value: 'ABC' }), { settings: { accentColor: 'aabbcc' } });
  t.like(await op(ctx, 'settings.set', { key: 'accentColor', value: null }), { settings: { accentColor: '484d7c' } });
});
