import { randomUUID } from 'node:crypto';
import type { ExecutionContext } from 'ava';
import type { BoardRow, CommentRow, PostRow, RoadmapRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, createRoadmap, type Persona, voteAt } from '../_helpers/personas.js';
import type { TestResponse, TestServer } from '../_helpers/server.js';
import { commentAt } from './_comments.js';
import { createRoleAsOwner, ownerServer } from './_roles.js';

/**
 * Machinery of permission-matrix.test.ts: one row per permission (API.md §2.4), each row a list
 * of probes; a probe builds a fresh request for a given caller, and states the answer a caller
 * without the permission gets (`refused`) and the answer once a role grants it (`allowed`).
 */

/** The 36 permissions of API.md §2.4, in canonical order (written out here, not taken from src). */
export const PERMISSIONS = [
  'post:read',
  'post:create',
  'post:update',
  'post:destroy',
  'board:read',
  'board:create',
  'board:update',
  'board:destroy',
  'board:assign',
  'board:unassign',
  'vote:create',
  'vote:destroy',
  'vote:assign',
  'vote:unassign',
  'roadmap:read',
  'roadmap:create',
  'roadmap:update',
  'roadmap:destroy',
  'roadmap:assign',
  'roadmap:unassign',
  'dashboard:read',
  'role:read',
  'role:create',
  'role:update',
  'role:destroy',
  'role:assign',
  'role:unassign',
  'settings:read',
  'settings:update',
  'comment:create',
  'comment:create_internal',
  'comment:update:own',
  'comment:update:any',
  'comment:delete:own',
  'comment:delete:any',
  'comment:view_internal',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** feedbackd's own permissions (API.md §8.8), after the 36: each is tested with its feature. */
export const OWN_PERMISSIONS = ['post:merge', 'changelog:create', 'changelog:update', 'changelog:destroy', 'tag:create', 'tag:update', 'tag:destroy', 'tag:assign', 'moderation:review'] as const;

/** What the owner holds: the 36, then feedbackd's own. */
export const OWNER_PERMISSIONS: readonly string[] = [...PERMISSIONS, ...OWN_PERMISSIONS];

/** The permissions of `@everyone` (API.md §2.6). */
export const EVERYONE: readonly Permission[] = ['post:create', 'vote:create', 'vote:destroy', 'comment:create', 'comment:update:own', 'comment:delete:own'];

/** The permissions no route checks (API.md §2.4 "not checked"). */
export const RESERVED: readonly Permission[] = ['post:read', 'board:assign', 'board:unassign', 'roadmap:unassign', 'role:destroy', 'settings:read'];

/** A list of permissions deduplicated and in canonical order, the form of `GET /users/permissions`. */
export const canonical = (held: Iterable<string>): string[] => {
  const set = new Set(held);
  return OWNER_PERMISSIONS.filter((permission) => set.has(permission));
};

/** One server of the matrix: the owner (set up over HTTP), another member who writes "others'" things, a spare custom role. */
export interface Env {
  server: TestServer;
  owner: Persona;
  /** Holds `@everyone`; the author of posts, comments and votes that are not the caller's. */
  other: Persona;
  /** A custom role with no permissions, the target of the role probes. */
  spareRoleId: string;
}

/** A fresh server with the owner, another member, a spare role, and the `voteOnBehalf` lab on; closed when the test ends. */
export async function startMatrix(t: ExecutionContext): Promise<Env> {
  const { server, ownerToken } = await ownerServer(t);
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: ownerToken };
  const other = await createMember(server.ctx, { name: 'Grace Hopper' });
  const spare = await createRoleAsOwner(server, ownerToken, { name: `spare-${tag()}` });
  await server.ctx.storage.transaction((tx) => tx.settings.update({ labs: { comments: true, voteOnBehalf: true } }));
  return { server, owner, other, spareRoleId: spare.id };
}

/** One request a probe sends, built fresh for each attempt so that an earlier success does not change a later answer. */
export interface Call {
  method: string;
  url: string;
  body?: unknown;
  /** Whether the request's write is in storage; checked after every answer: true after a success, false otherwise. */
  applied?: () => Promise<boolean>;
  /** Whether a body reveals the item the probe is about (a hidden board, an internal comment, …). */
  shows?: (body: TestResponse['body']) => boolean;
  /** Puts back what an applied write changed when later probes depend on it (a lab switch). */
  restore?: () => Promise<void>;
}

/** An expected answer: the status, the exact body when given, and whether it reveals the probe's item (default: yes on 2xx). */
export interface Answer {
  status: number;
  body?: unknown;
  shows?: boolean;
}

export interface Probe {
  label: string;
  call: (env: Env, actor: Persona) => Promise<Call>;
  /** The answer to the row's member while they lack the permission. */
  refused: Answer;
  /** The answer once they hold it (the request succeeds, or fails at a later documented check). */
  allowed: Answer;
  /** The owner's answer when it differs from `allowed` (the owner holds every other permission too). */
  owner?: Answer;
  /** A fresh `@everyone` member's answer when it differs from `refused`, for rows whose member holds nothing. */
  everyone?: Answer;
}

export interface Row {
  permission: Permission;
  /** Tells rows of the same permission apart. */
  variant?: string;
  /** The member while refused: nothing (default) or `@everyone`, plus `permissions` through a role of their own. */
  member?: { everyone?: boolean; permissions?: Permission[] };
  probes: Probe[];
}

export const rowTitle = (row: Row) => (row.variant ? `${row.permission} (${row.variant})` : row.permission);

/** The permissions the row's member holds before the row's permission is granted. */
export const baseOf = (row: Row): string[] => canonical([...(row.member?.everyone ? EVERYONE : []), ...(row.member?.permissions ?? [])]);

/** A member as the row describes (the base role, when any, is written straight to storage; the row's permission never is). */
export const memberFor = (env: Env, row: Row): Promise<Persona> =>
  createMember(env.server.ctx, { withoutEveryone: !row.member?.everyone, permissions: row.member?.permissions ?? [] });

/** Sends the probe's request as `actor` and checks the answer, the reveal and the write. */
export async function expectAnswer(t: ExecutionContext, env: Env, actor: Persona, probe: Probe, answer: Answer, label: string): Promise<void> {
  const call = await probe.call(env, actor);
  const response = await env.server.request(call.method, call.url, { token: actor.token, ...(call.body === undefined ? {} : { body: call.body }) });
  const where = `${label}: ${probe.label} (${call.method} ${call.url})`;
  t.is(response.status, answer.status, `${where} answered ${response.text}`);
  if (answer.body !== undefined) t.deepEqual(response.body, answer.body, where);
  const shows = answer.shows ?? (answer.status < 300 ? true : undefined);
  if (call.shows && shows !== undefined) t.is(call.shows(response.body), shows, `${where}: reveals the item`);
  if (call.applied) t.is(await call.applied(), answer.status < 300, `${where}: write applied`);
  await call.restore?.();
}

/** `GET /users/permissions` of a caller. */
export async function permissionsOf(env: Env, actor: Persona): Promise<string[]> {
  const response = await env.server.request('GET', '/users/permissions', { token: actor.token });
  expectStatus(response, 200, 'GET /users/permissions');
  return response.body.permissions;
}

/** Checks that the caller holds exactly `held`, then sends every probe and checks the answer `pick` names. */
export async function expectRound(
  t: ExecutionContext,
  env: Env,
  actor: Persona,
  probes: readonly Probe[],
  pick: (probe: Probe) => Answer,
  held: Iterable<string>,
  label: string,
): Promise<void> {
  t.deepEqual(await permissionsOf(env, actor), canonical(held), `${label}: GET /users/permissions`);
  for (const probe of probes) await expectAnswer(t, env, actor, probe, pick(probe), label);
}

function expectStatus(response: TestResponse, status: number, what: string): void {
  if (response.status !== status) throw new Error(`${what} answered ${response.status} ${response.text}, expected ${status}`);
}

/** `POST /roles` as the owner: a new role holding `permissions`; returns its id. */
export async function createRole(env: Env, permissions: readonly string[]): Promise<string> {
  const response = await env.server.request('POST', '/roles', { token: env.owner.token, body: { name: `matrix-${tag()}`, permissions } });
  expectStatus(response, 201, 'POST /roles');
  if (JSON.stringify(response.body.permissions) !== JSON.stringify(canonical(permissions))) throw new Error(`POST /roles answered ${response.text}`);
  return response.body.role.id;
}

/** `PUT /roles/:role_id/users/:user_id` as the owner. */
export async function assignRole(env: Env, roleId: string, user: Persona): Promise<void> {
  expectStatus(await env.server.request('PUT', `/roles/${roleId}/users/${user.user.id}`, { token: env.owner.token }), 200, 'PUT /roles/:role_id/users/:user_id');
}

/** `DELETE /roles/:role_id/users/:user_id` as the owner. */
export async function unassignRole(env: Env, roleId: string, user: Persona): Promise<void> {
  expectStatus(await env.server.request('DELETE', `/roles/${roleId}/users/${user.user.id}`, { token: env.owner.token }), 204, 'DELETE /roles/:role_id/users/:user_id');
}

/** `PATCH /roles` as the owner: replaces the role's permission set. */
export async function setRolePermissions(env: Env, roleId: string, permissions: readonly string[]): Promise<void> {
  const response = await env.server.request('PATCH', '/roles', { token: env.owner.token, body: { id: roleId, permissions } });
  expectStatus(response, 200, 'PATCH /roles');
  if (JSON.stringify(response.body.permissions) !== JSON.stringify(canonical(permissions))) throw new Error(`PATCH /roles answered ${response.text}`);
}

/** Fixtures, written straight to storage. */

/** A short unique text for names, urls and bodies. */
export const tag = () => randomUUID().slice(0, 8);

const now = () => new Date().toISOString();

export const db = (env: Env) => env.server.ctx.storage;

export const postBy = (env: Env, author: Persona, fields: Partial<PostRow> = {}): Promise<PostRow> =>
  createPostAt(env.server.ctx, author.user, { createdAt: now(), ...fields });

/** A hidden board whose name starts with a unique prefix (for the search routes). */
export const hiddenBoard = (env: Env): Promise<BoardRow> => createBoard(env.server.ctx, { display: false, name: `Zq${tag()}` });

export const roadmap = (env: Env, display: boolean): Promise<RoadmapRow> => createRoadmap(env.server.ctx, { display, name: `Zq${tag()}` });

export async function commentBy(env: Env, author: Persona, post: PostRow, fields: Partial<CommentRow> = {}): Promise<CommentRow> {
  return (await commentAt(env.server, author.user, post, { createdAt: now(), ...fields })).comment;
}

export const voteBy = (env: Env, voter: Persona, post: PostRow) => voteAt(env.server.ctx, voter.user, post, now());
