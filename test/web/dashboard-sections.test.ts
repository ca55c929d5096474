/// <reference lib="dom" />
// Who sees the dashboard's Webhooks section (no browser): the owner, who holds every permission the
// API knows, and nobody whose roles leave one out. The dashboard's list of permissions must match the
// API's, or the owner would lose the section.
import test from 'ava';
import { PERMISSIONS } from '../../src/services/actors.js';
import { CANONICAL_ORDER } from '../../src/web/dashboard/roles-permissions.js';
import { sectionsFor } from '../../src/web/dashboard/sections.js';
import type { Session } from '../../src/web/session.js';

const session = (permissions: readonly string[]): Session => ({
  user: { userId: 'u', name: 'U', username: 'u_1', email: 'u@example.org' },
  permissions: new Set(permissions),
  locale: null,
});
const paths = (permissions: readonly string[]) => sectionsFor(session(permissions)).map((section) => section.path);

test('the dashboard lists the permissions the API has, in its order', (t) => {
  t.deepEqual([...CANONICAL_ORDER], [...PERMISSIONS]);
});

test('the owner sees Webhooks after Settings, before their account', (t) => {
  t.deepEqual(paths(PERMISSIONS), ['', 'posts', 'moderation', 'changelog', 'boards', 'tags', 'roadmaps', 'users', 'roles', 'settings', 'webhooks', 'account']);
});

test('holders of moderation:review see Moderation (issue 31)', (t) => {
  t.deepEqual(paths(['moderation:review']), ['moderation', 'account']);
});

test('a member holding all but one permission does not see Webhooks', (t) => {
  const allButOne = PERMISSIONS.filter((permission) => permission !== 'comment:view_internal');
  t.false(paths(allButOne).includes('webhooks'));
  t.deepEqual(paths(['settings:update']), ['settings', 'account']);
});

test('holders of changelog:create or changelog:update see Changelog after Posts; changelog:destroy alone opens nothing', (t) => {
  t.deepEqual(paths(['changelog:create']), ['changelog', 'account']);
  t.deepEqual(paths(['changelog:update', 'post:update']), ['posts', 'changelog', 'account']);
  t.deepEqual(paths(['changelog:destroy']), []);
});
