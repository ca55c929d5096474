import { randomUUID } from 'node:crypto';
import test from 'ava';
import { createMember, EVERYONE_ROLE_ID } from '../_helpers/personas.js';
import {
  ALREADY_ASSIGNED,
  createRoleAsOwner,
  FORBIDDEN,
  INVALID_ROLE_ID,
  INVALID_USER_ID,
  NOT_ASSIGNED,
  ownerServer,
  ROLE_NOT_FOUND,
  USER_NOT_FOUND,
} from './_roles.js';

const path = (roleId: string, userId: string) => `/roles/${roleId}/users/${userId}`;

for (const [method, permission] of [['PUT', 'role:assign'], ['DELETE', 'role:unassign']] as const) {
  test(`${method} /roles/:role_id/users/:user_id: role id → role → user id → user → ${permission}, in that order`, async (t) => {
    const { server, ownerToken } = await ownerServer(t);
    const role = await createRoleAsOwner(server, ownerToken);
    const target = await createMember(server.ctx);
    const plain = await createMember(server.ctx);
    const assignmentsBefore = await server.ctx.storage.userRoles.count();
    const cases = [
      [path('nope', 'nope'), 400, INVALID_ROLE_ID],
      [path('%00', target.user.id), 400, INVALID_ROLE_ID],
      [path(`${role.id}0`, target.user.id), 400, INVALID_ROLE_ID],
      [path(randomUUID(), 'nope'), 404, ROLE_NOT_FOUND],
      [path(role.id, 'nope'), 400, INVALID_USER_ID],
      [path(role.id, `${target.user.id}%00`), 400, INVALID_USER_ID],
      [path(role.id, randomUUID()), 404, USER_NOT_FOUND],
    ] as const;
    for (const token of [ownerToken, plain.token]) {
      for (const [url, status, error] of cases) {
        const response = await server.request(method, url, { token });
        t.is(response.status, status, url);
        t.deepEqual(response.body, error, url);
      }
    }
    const denied = await server.request(method, path(role.id, target.user.id), { token: plain.token });
    t.is(denied.status, 403);
    t.deepEqual(denied.body, FORBIDDEN);
    const other = permission === 'role:assign' ? 'role:unassign' : 'role:assign';
    const wrongHolder = await createMember(server.ctx, { withoutEveryone: true, permissions: [other, 'role:read', 'role:create', 'role:update'] });
    t.deepEqual((await server.request(method, path(EVERYONE_ROLE_ID, target.user.id), { token: wrongHolder.token })).body, FORBIDDEN);
    t.is(await server.ctx.storage.userRoles.count(), assignmentsBefore + 1, 'only the wrong holder’s own role was written');
    t.deepEqual((await server.request(method, path(EVERYONE_ROLE_ID, target.user.id))).body, {
      message: 'Authorization header missing',
      code: 'INVALID_AUTH_HEADER',
    });
  });
}

test('PUT assigns: 200 { success, id, isSystem, name, user_role_id }; a second PUT is 409 ROLE_ALREADY_ASSIGNED', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const role = await createRoleAsOwner(server, ownerToken, { name: 'Moderators' });
  const target = await createMember(server.ctx);
  const assigner = await createMember(server.ctx, { withoutEveryone: true, permissions: ['role:assign'] });
  const response = await server.request('PUT', path(role.id.toUpperCase(), target.user.id.toUpperCase()), { token: assigner.token });
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body), ['success', 'id', 'isSystem', 'name', 'user_role_id']);
  t.deepEqual(response.body, { success: 1, id: role.id, isSystem: false, name: 'Moderators', user_role_id: response.body.user_role_id });
  const stored = (await server.ctx.storage.userRoles.getByUserAndRole(target.user.id, role.id))!;
  t.is(stored.id, response.body.user_role_id);
  t.not(stored.id, role.id, 'the assignment has an id of its own');
  const count = await server.ctx.storage.userRoles.count();
  for (const roleId of [role.id, EVERYONE_ROLE_ID]) {
    const again = await server.request('PUT', path(roleId, target.user.id), { token: ownerToken });
    t.is(again.status, 409);
    t.deepEqual(again.body, ALREADY_ASSIGNED);
  }
  t.is(await server.ctx.storage.userRoles.count(), count);
});

test('concurrent identical assignments: exactly one 200, the others 409', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const role = await createRoleAsOwner(server, ownerToken);
  const target = await createMember(server.ctx);
  const responses = await Promise.all(Array.from({ length: 5 }, () => server.request('PUT', path(role.id, target.user.id), { token: ownerToken })));
  t.deepEqual(responses.map((response) => response.status).sort(), [200, 409, 409, 409, 409]);
  t.is((await server.ctx.storage.userRoles.listByUser(target.user.id)).length, 2);
});

test('DELETE unassigns: 204 with no body; a second DELETE is 404 ROLE_NOT_ASSIGNED', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const role = await createRoleAsOwner(server, ownerToken);
  const target = await createMember(server.ctx);
  t.is((await server.request('PUT', path(role.id, target.user.id), { token: ownerToken })).status, 200);
  const unassigner = await createMember(server.ctx, { withoutEveryone: true, permissions: ['role:unassign'] });
  const response = await server.request('DELETE', path(role.id, target.user.id), { token: unassigner.token });
  t.is(response.status, 204);
  t.is(response.text, '');
  t.is(response.headers.get('content-type'), null);
  t.is(await server.ctx.storage.userRoles.getByUserAndRole(target.user.id, role.id), undefined);
  t.deepEqual(
    (await server.ctx.storage.userRoles.listByUser(target.user.id)).map((assignment) => assignment.roleId),
    [EVERYONE_ROLE_ID],
    'other assignments stay',
  );
  const again = await server.request('DELETE', path(role.id, target.user.id), { token: ownerToken });
  t.is(again.status, 404);
  t.deepEqual(again.body, NOT_ASSIGNED);
});

/**
 * One request per permission checked by a route that exists today. None of them writes: each
 * stops at a later check (validation, 409, 404) when the permission is held, and at 403 when not.
 */
function probes(ids: { customRoleId: string; plainUserId: string }) {
  return [
    { permission: 'dashboard:read', method: 'GET', url: '/users/dashboard', allowed: 200 },
    { permission: 'role:read', method: 'GET', url: '/roles', allowed: 200 },
    { permission: 'role:read', method: 'GET', url: `/roles/${EVERYONE_ROLE_ID}`, allowed: 200 },
    { permission: 'role:create', method: 'POST', url: '/roles', body: { name: 42 }, allowed: 400 },
    { permission: 'role:update', method: 'PATCH', url: '/roles', body: { id: ids.customRoleId, name: 42 }, allowed: 400 },
    { permission: 'role:assign', method: 'PUT', url: path(EVERYONE_ROLE_ID, ids.plainUserId), allowed: 409 },
    { permission: 'role:unassign', method: 'DELETE', url: path(ids.customRoleId, ids.plainUserId), allowed: 404 },
    { permission: 'post:create', method: 'POST', url: '/posts', body: {}, allowed: 400 },
    { permission: 'owner only', method: 'GET', url: '/users', allowed: 200 },
  ] as const;
}

test('permission matrix: a member gains exactly the permissions of an assigned role, at once, and loses them again', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const probeRole = await createRoleAsOwner(server, ownerToken);
  const plain = await createMember(server.ctx);
  const checks = probes({ customRoleId: probeRole.id, plainUserId: plain.user.id });
  const member = await createMember(server.ctx, { withoutEveryone: true });
  const permissionsOf = async () => (await server.request('GET', '/users/permissions', { token: member.token })).body.permissions;
  /** Every probe answers as if the member held exactly `held` (the same token throughout: nothing is cached). */
  const expectHolding = async (held: readonly string[], label: string) => {
    t.deepEqual(await permissionsOf(), held, label);
    for (const probe of checks) {
      const body = 'body' in probe ? { body: probe.body } : {};
      const response = await server.request(probe.method, probe.url, { token: member.token, ...body });
      const expected = held.includes(probe.permission) ? probe.allowed : 403;
      t.is(response.status, expected, `${label}: ${probe.method} ${probe.url}`);
      if (expected === 403) t.deepEqual(response.body, FORBIDDEN);
    }
  };
  const families = ['dashboard:read', 'role:read', 'role:create', 'role:update', 'role:assign', 'role:unassign', 'post:create'];
  await expectHolding([], 'no roles');
  for (const [index, permission] of families.entries()) {
    const role = await createRoleAsOwner(server, ownerToken, { permissions: [permission] });
    t.is((await server.request('PUT', path(role.id, member.user.id), { token: ownerToken })).status, 200);
    await expectHolding([permission], `assigned ${permission}`);
    // Changing the role's permissions moves the member with it.
    const next = families[(index + 1) % families.length]!;
    t.is((await server.request('PATCH', '/roles', { token: ownerToken, body: { id: role.id, permissions: [next] } })).status, 200);
    await expectHolding([next], `${permission} changed to ${next}`);
    t.is((await server.request('DELETE', path(role.id, member.user.id), { token: ownerToken })).status, 204);
    await expectHolding([], `unassigned ${permission}`);
  }
});

test('permission matrix: two roles give the union, canonical order; unassigning one keeps the other', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const member = await createMember(server.ctx);
  const moderators = await createRoleAsOwner(server, ownerToken, { permissions: ['role:read', 'dashboard:read', 'vote:create'] });
  const support = await createRoleAsOwner(server, ownerToken, { permissions: ['comment:view_internal', 'role:read'] });
  for (const role of [moderators, support]) t.is((await server.request('PUT', path(role.id, member.user.id), { token: ownerToken })).status, 200);
  const permissions = async () => (await server.request('GET', '/users/permissions', { token: member.token })).body.permissions;
  t.deepEqual(await permissions(), [
    'post:create',
    'vote:create',
    'vote:destroy',
    'dashboard:read',
    'role:read',
    'comment:create',
    'comment:update:own',
    'comment:delete:own',
    'comment:view_internal',
  ]);
  t.is((await server.request('DELETE', path(moderators.id, member.user.id), { token: ownerToken })).status, 204);
  t.is((await server.request('GET', '/users/dashboard', { token: member.token })).status, 403);
  t.is((await server.request('GET', '/roles', { token: member.token })).status, 200, 'role:read still comes from the other role');
  t.is((await server.request('GET', '/users', { token: member.token })).status, 403, 'listing users stays owner-only');
});

test('unassigning @everyone takes post:create away; reassigning it gives it back', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const member = await createMember(server.ctx);
  const post = (title: string) => server.request('POST', '/posts', { token: member.token, body: { title } });
  t.is((await post('Before')).status, 201);
  t.is((await server.request('DELETE', path(EVERYONE_ROLE_ID, member.user.id), { token: ownerToken })).status, 204);
  const refused = await post('During');
  t.is(refused.status, 403);
  t.deepEqual(refused.body, FORBIDDEN);
  t.deepEqual((await server.request('GET', '/users/permissions', { token: member.token })).body, { permissions: [] });
  const again = await server.request('PUT', path(EVERYONE_ROLE_ID, member.user.id), { token: ownerToken });
  t.is(again.status, 200);
  t.like(again.body, { success: 1, id: EVERYONE_ROLE_ID, isSystem: true, name: '@everyone' });
  t.is((await post('After')).status, 201);
});

test('the owner keeps every permission whatever roles they hold', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const owner = (await server.ctx.storage.users.getOwner())!;
  t.is((await server.request('DELETE', path(EVERYONE_ROLE_ID, owner.id), { token: ownerToken })).status, 204);
  t.is((await server.request('GET', '/users/permissions', { token: ownerToken })).body.permissions.length, 45);
  t.is((await server.request('POST', '/posts', { token: ownerToken, body: { title: 'Still mine' } })).status, 201);
});
