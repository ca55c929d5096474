import { randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import type { RoleRow } from '../../src/storage/types.js';
import { createMember, EVERYONE_ROLE_ID } from '../_helpers/personas.js';
import type { TestServer } from '../_helpers/server.js';
import {
  createRoleAsOwner,
  DESCRIPTION_TOO_LONG,
  FORBIDDEN,
  INVALID_ROLE_ID,
  NAME_EXISTS,
  NAME_MISSING,
  NAME_TOO_LONG,
  ownerServer,
  ROLE_KEYS,
  ROLE_NOT_FOUND,
  SYSTEM_ROLE,
  unknownPermission,
  validationError,
} from './_roles.js';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const nameType = validationError('name', 'name must be a string');
const descriptionType = validationError('description', 'description must be a string');
const permissionsType = validationError('permissions', 'permissions must be an array');

/** Every role row, to show that a refused request wrote nothing. */
const allRoles = (server: TestServer) => server.ctx.storage.roles.list();

/** Sends each body and expects the same error for all of them. */
async function refuses(
  t: ExecutionContext,
  send: (body: Record<string, unknown>) => Promise<{ status: number; body: unknown }>,
  bodies: Record<string, unknown>[],
  status: number,
  error: unknown,
): Promise<void> {
  for (const body of bodies) {
    const response = await send(body);
    t.is(response.status, status, JSON.stringify(body));
    t.deepEqual(response.body, error, JSON.stringify(body));
  }
}

test('POST /roles with no body: "new role", no description, no permissions, 201 { role, permissions }', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const response = await server.request('POST', '/roles', { token: ownerToken });
  t.is(response.status, 201);
  t.deepEqual(Object.keys(response.body), ['role', 'permissions']);
  t.deepEqual(Object.keys(response.body.role), ROLE_KEYS);
  const { role } = response.body;
  t.like(role, { name: 'new role', description: null, isSystem: false });
  t.regex(role.created_at, TIMESTAMP);
  t.is(role.updated_at, role.created_at);
  t.deepEqual(response.body.permissions, []);
  const stored = (await server.ctx.storage.roles.get(role.id))!;
  t.deepEqual(stored, { id: role.id, name: 'new role', description: null, isSystem: false, permissions: [], createdAt: role.created_at, updatedAt: role.created_at });
});

test('POST /roles: default names count up to the first free one, ignoring case; blank and null names are defaults', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const names = [];
  for (const body of [{}, { name: null }, { name: '   ' }, { name: '' }]) names.push((await createRoleAsOwner(server, ownerToken, body)).name);
  t.deepEqual(names, ['new role', 'new role 2', 'new role 3', 'new role 4']);
  // Free "new role 2" and take "NEW ROLE 5" by hand: the next default fills the gap, then skips the taken name.
  const second = (await allRoles(server)).find((role) => role.name === 'new role 2')!;
  t.is((await server.request('PATCH', '/roles', { token: ownerToken, body: { id: second.id, name: 'Renamed' } })).status, 200);
  await createRoleAsOwner(server, ownerToken, { name: 'NEW ROLE 5' });
  t.is((await createRoleAsOwner(server, ownerToken)).name, 'new role 2');
  t.is((await createRoleAsOwner(server, ownerToken)).name, 'new role 6');
  t.is((await createRoleAsOwner(server, ownerToken, { name: 'new role 7' })).name, 'new role 7', 'a default-looking name can be chosen');
  t.is((await createRoleAsOwner(server, ownerToken)).name, 'new role 8');
});

test('POST /roles trims name and description, turns "" into null, dedupes permissions into canonical order', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const response = await server.request('POST', '/roles', {
    token: ownerToken,
    body: {
      name: '  Moderators  ',
      description: '  Keep the board tidy ',
      permissions: ['comment:delete:any', 'post:update', 'comment:delete:any', 'board:read', 'post:update'],
      isSystem: true,
      id: EVERYONE_ROLE_ID,
    },
  });
  t.is(response.status, 201);
  t.like(response.body.role, { name: 'Moderators', description: 'Keep the board tidy', isSystem: false });
  t.not(response.body.role.id, EVERYONE_ROLE_ID);
  t.deepEqual(response.body.permissions, ['post:update', 'board:read', 'comment:delete:any']);
  t.deepEqual((await server.ctx.storage.roles.get(response.body.role.id))!.permissions, ['post:update', 'board:read', 'comment:delete:any']);
  for (const description of ['', '   ', null]) {
    const created = await server.request('POST', '/roles', { token: ownerToken, body: { description, permissions: null } });
    t.is(created.status, 201);
    t.is(created.body.role.description, null);
    t.deepEqual(created.body.permissions, []);
  }
  const limits = await server.request('POST', '/roles', { token: ownerToken, body: { name: '😀'.repeat(30), description: 'é'.repeat(50) } });
  t.is(limits.status, 201, '30 and 50 code points are allowed');
});

test('POST /roles needs role:create, before any validation, and writes nothing when refused', async (t) => {
  const { server } = await ownerServer(t);
  const members = [await createMember(server.ctx), await createMember(server.ctx, { permissions: ['role:read', 'role:update', 'role:assign'] })];
  const before = await allRoles(server);
  for (const member of members) {
    const send = (body: Record<string, unknown>) => server.request('POST', '/roles', { token: member.token, body });
    await refuses(t, send, [{}, { name: 'Mods' }, { name: 42 }, { permissions: ['nope'] }, { name: '@everyone' }], 403, FORBIDDEN);
  }
  t.deepEqual(await allRoles(server), before);
});

test('POST /roles refuses bad fields in the order of the table, and writes nothing', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  await createRoleAsOwner(server, ownerToken, { name: 'Moderators' });
  const before = await allRoles(server);
  const send = (body: Record<string, unknown>) => server.request('POST', '/roles', { token: ownerToken, body });
  await refuses(t, send, [{ name: 42 }, { name: true }, { name: ['x'] }, { name: {} }, { name: 42, description: 42 }], 400, nameType);
  await refuses(t, send, [{ name: 'a\u0000b' }], 400, validationError('name', 'name must not contain NUL characters'));
  await refuses(t, send, [{ name: 'x'.repeat(31) }, { name: '😀'.repeat(31) }, { name: 'x'.repeat(31), description: 7 }], 400, NAME_TOO_LONG);
  await refuses(t, send, [{ description: 42 }, { description: false }, { description: 42, permissions: 'x' }], 400, descriptionType);
  await refuses(t, send, [{ description: 'x'.repeat(51) }, { description: 'x'.repeat(51), permissions: 'x' }], 400, DESCRIPTION_TOO_LONG);
  await refuses(t, send, [{ permissions: 'post:create' }, { permissions: {} }, { permissions: 1 }], 400, permissionsType);
  await refuses(t, send, [{ permissions: ['post:create', 1] }, { permissions: ['bogus', null] }], 400, validationError('permissions.1', 'permissions.1 must be a string'));
  await refuses(t, send, [{ permissions: ['post:create', 'bogus', 'also bogus'] }], 400, unknownPermission('bogus'));
  await refuses(t, send, [{ permissions: ['POST:CREATE'] }], 400, unknownPermission('POST:CREATE'));
  await refuses(t, send, [{ permissions: [' post:create'] }], 400, unknownPermission(' post:create'));
  await refuses(t, send, [{ name: 'moderators', permissions: ['nope'] }], 400, unknownPermission('nope'));
  await refuses(t, send, [{ name: 'moderators' }, { name: '  MODERATORS ' }, { name: '@Everyone' }], 409, NAME_EXISTS);
  t.deepEqual(await allRoles(server), before);
});

/** A custom role made through the API, with its stored row. */
async function customRole(server: TestServer, ownerToken: string, body: Record<string, unknown> = {}): Promise<RoleRow> {
  const role = await createRoleAsOwner(server, ownerToken, { name: `Role ${randomUUID().slice(0, 8)}`, ...body });
  return (await server.ctx.storage.roles.get(role.id))!;
}

test('PATCH /roles: id (400) → lookup (404) → role:update (403) → system role (403), in that order', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const role = await customRole(server, ownerToken);
  const plain = await createMember(server.ctx);
  const before = await allRoles(server);
  for (const token of [ownerToken, plain.token]) {
    const send = (body: Record<string, unknown>) => server.request('PATCH', '/roles', { token, body });
    await refuses(t, send, [{}, { id: null }, { id: 42 }, { id: 'nope' }, { id: [role.id] }, { id: `${role.id}\u0000` }, { name: 'x', id: '' }], 400, INVALID_ROLE_ID);
    await refuses(t, send, [{ id: randomUUID() }, { id: randomUUID(), name: 42 }], 404, ROLE_NOT_FOUND);
  }
  const denied = (body: Record<string, unknown>) => server.request('PATCH', '/roles', { token: plain.token, body });
  await refuses(t, denied, [{ id: role.id }, { id: role.id, name: 42 }, { id: EVERYONE_ROLE_ID }], 403, FORBIDDEN);
  const owner = (body: Record<string, unknown>) => server.request('PATCH', '/roles', { token: ownerToken, body });
  const everyoneBodies = [{ id: EVERYONE_ROLE_ID }, { id: EVERYONE_ROLE_ID.toUpperCase(), name: 'All' }, { id: EVERYONE_ROLE_ID, name: 42, permissions: [] }];
  await refuses(t, owner, everyoneBodies, 403, SYSTEM_ROLE);
  const updater = await createMember(server.ctx, { permissions: ['role:update'] });
  const asUpdater = (body: Record<string, unknown>) => server.request('PATCH', '/roles', { token: updater.token, body });
  await refuses(t, asUpdater, [{ id: EVERYONE_ROLE_ID, permissions: ['role:update'] }], 403, SYSTEM_ROLE);
  t.deepEqual(await server.ctx.storage.roles.get(EVERYONE_ROLE_ID), before.find((r) => r.id === EVERYONE_ROLE_ID));
  t.deepEqual(await server.ctx.storage.roles.get(role.id), role);
});

test('PATCH /roles refuses bad fields in the order of the table, and leaves the role untouched', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const taken = await customRole(server, ownerToken, { name: 'Moderators' });
  const role = await customRole(server, ownerToken, { description: 'Before', permissions: ['role:read'] });
  const send = (body: Record<string, unknown>) => server.request('PATCH', '/roles', { token: ownerToken, body: { id: role.id, ...body } });
  await refuses(t, send, [{ name: 42 }, { name: false }, { name: [] }, { name: 42, description: 42 }], 400, nameType);
  await refuses(t, send, [{ name: null }, { name: '' }, { name: '   ' }, { name: null, description: 42 }], 400, NAME_MISSING);
  await refuses(t, send, [{ name: 'x'.repeat(31) }, { name: 'x'.repeat(31), permissions: 'x' }], 400, NAME_TOO_LONG);
  await refuses(t, send, [{ description: 42 }, { description: {}, permissions: 'x' }], 400, descriptionType);
  await refuses(t, send, [{ description: 'x'.repeat(51) }], 400, DESCRIPTION_TOO_LONG);
  await refuses(t, send, [{ permissions: null }, { permissions: 'role:read' }, { permissions: { 0: 'role:read' } }], 400, permissionsType);
  await refuses(t, send, [{ permissions: [false] }], 400, validationError('permissions.0', 'permissions.0 must be a string'));
  await refuses(t, send, [{ permissions: ['role:read', 'role:fly', 'role:swim'] }], 400, unknownPermission('role:fly'));
  await refuses(t, send, [{ name: 'moderators' }, { name: ' MODERATORS ', description: 'fine', permissions: ['role:read'] }], 409, NAME_EXISTS);
  t.deepEqual(await server.ctx.storage.roles.get(role.id), role);
  t.deepEqual(await server.ctx.storage.roles.get(taken.id), taken);
});

test('PATCH /roles is atomic: a rejected permission after a valid name and description changes nothing', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const role = await customRole(server, ownerToken, { name: 'Support', description: 'Helps', permissions: ['post:update', 'dashboard:read'] });
  const response = await server.request('PATCH', '/roles', {
    token: ownerToken,
    body: { id: role.id, name: 'Support team', description: null, permissions: ['post:destroy', 'not:a:permission'] },
  });
  t.is(response.status, 400);
  t.deepEqual(response.body, unknownPermission('not:a:permission'));
  t.deepEqual(await server.ctx.storage.roles.get(role.id), role);
  t.is(await server.ctx.storage.roles.getByName('Support team'), undefined, 'the new name is still free');
  t.is((await createRoleAsOwner(server, ownerToken, { name: 'Support team' })).name, 'Support team');
});

test('PATCH /roles: omitted fields stay, given ones replace, null/"" clear the description, updated_at moves', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const role = await customRole(server, ownerToken, { name: 'Support', description: 'Helps', permissions: ['post:update', 'dashboard:read'] });
  await server.ctx.storage.roles.update(role.id, { updatedAt: '2020-01-01T00:00:00.000Z' });
  const patch = (body: Record<string, unknown>) => server.request('PATCH', '/roles', { token: ownerToken, body: { id: role.id.toUpperCase(), ...body } });

  const untouched = await patch({ isSystem: true, created_at: '2000-01-01T00:00:00.000Z' });
  t.is(untouched.status, 200);
  t.deepEqual(Object.keys(untouched.body), ['role', 'permissions']);
  t.deepEqual(untouched.body.role, {
    id: role.id,
    name: 'Support',
    description: 'Helps',
    isSystem: false,
    created_at: role.createdAt,
    updated_at: untouched.body.role.updated_at,
  });
  t.true(untouched.body.role.updated_at > '2020-01-01T00:00:00.000Z');
  t.deepEqual(untouched.body.permissions, ['post:update', 'dashboard:read']);

  const renamed = await patch({ name: '  SUPPORT  ', description: '  Helps a lot ' });
  t.like(renamed.body.role, { name: 'SUPPORT', description: 'Helps a lot' }, 'a role may take its own name in another case');
  t.deepEqual(renamed.body.permissions, ['post:update', 'dashboard:read']);

  const replaced = await patch({ permissions: ['comment:view_internal', 'role:read', 'role:read'] });
  t.deepEqual(replaced.body.permissions, ['role:read', 'comment:view_internal']);
  t.is(replaced.body.role.description, 'Helps a lot');
  for (const description of [null, '', '  ']) {
    await patch({ description: 'again' });
    t.is((await patch({ description })).body.role.description, null);
  }
  t.deepEqual((await patch({ permissions: [] })).body.permissions, []);
  const stored = (await server.ctx.storage.roles.get(role.id))!;
  t.like(stored, { name: 'SUPPORT', description: null, permissions: [], isSystem: false, createdAt: role.createdAt });
});

test('PATCH /roles needs role:update, and a holder of it may change any custom role', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const role = await customRole(server, ownerToken);
  const editor = await createMember(server.ctx, { withoutEveryone: true, permissions: ['role:update'] });
  const response = await server.request('PATCH', '/roles', { token: editor.token, body: { id: role.id, name: 'Edited', permissions: ['post:read'] } });
  t.is(response.status, 200);
  t.like(response.body.role, { id: role.id, name: 'Edited' });
  t.deepEqual(response.body.permissions, ['post:read']);
});
