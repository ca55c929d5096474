import type { ExecutionContext } from 'ava';
import { randomUUID } from 'node:crypto';
import { insertAccount, toAuthUser } from '../../src/services/accounts.js';
import type { ServiceContext } from '../../src/services/context.js';
import { slugBase } from '../../src/services/posts.js';
import { randomBase36 } from '../../src/services/text.js';
import { EVERYONE_ROLE_ID } from '../../src/storage/seed.js';
import { startTestServer, type TestServer } from './server.js';
import type { BoardRow, PostRow, RoadmapRow, UserRow } from '../../src/storage/types.js';

export const OWNER = { email: 'ada@example.org', password: 'correct horse battery', name: 'Ada Lovelace' };

export interface Persona {
  user: UserRow;
  token: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A member: `@everyone` (unless `withoutEveryone`) plus a role holding `permissions`. */
export async function createMember(
  ctx: ServiceContext,
  options: { email?: string; name?: string; permissions?: string[]; withoutEveryone?: boolean; blocked?: boolean } = {},
): Promise<Persona> {
  const now = new Date().toISOString();
  const user = await ctx.storage.transaction(async (tx) => {
    const email = options.email ?? `member-${unique()}@example.org`;
    const account = { email, name: options.name ?? 'Member', passwordHash: 'x', isOwner: false };
    let created = await insertAccount(tx, account, now);
    if (options.withoutEveryone) {
      const [assignment] = await tx.userRoles.listByUser(created.id);
      if (assignment) await tx.userRoles.delete(assignment.id);
    }
    if (options.permissions?.length) {
      const role = await tx.roles.insert({
        id: randomUUID(),
        name: `role-${unique()}`,
        description: null,
        isSystem: false,
        permissions: options.permissions,
        createdAt: now,
        updatedAt: now,
      });
      await tx.userRoles.insert({ id: randomUUID(), userId: created.id, roleId: role.id, createdAt: now });
    }
    if (options.blocked) created = await tx.users.update(created.id, { isBlocked: true });
    return created;
  });
  return { user, token: toAuthUser(ctx, user).authToken };
}

/** A board written straight to storage (boards have no routes yet). */
export async function createBoard(ctx: ServiceContext, fields: Partial<BoardRow> = {}): Promise<BoardRow> {
  const now = new Date().toISOString();
  const id = unique();
  return ctx.storage.transaction((tx) =>
    tx.boards.insert({
      id: randomUUID(),
      name: `Board ${id}`,
      description: null,
      url: `board-${id}`,
      color: '2f6fdb',
      display: true,
      viewVoters: true,
      createdAt: now,
      updatedAt: now,
      ...fields,
    }),
  );
}

/** A roadmap written straight to storage. */
export async function createRoadmap(ctx: ServiceContext, fields: Partial<RoadmapRow> = {}): Promise<RoadmapRow> {
  const now = new Date().toISOString();
  const id = unique();
  return ctx.storage.transaction(async (tx) => {
    const index = (await tx.roadmaps.list()).reduce((max, roadmap) => Math.max(max, roadmap.index), 0) + 1;
    return tx.roadmaps.insert({
      id: randomUUID(),
      name: `Roadmap ${id}`,
      url: `roadmap-${id}`,
      color: 'e6a23c',
      index,
      display: true,
      createdAt: now,
      updatedAt: now,
      ...fields,
    });
  });
}

/** A post with a chosen timestamp (for ordering tests), written straight to storage. */
export async function createPostAt(
  ctx: ServiceContext,
  author: UserRow,
  fields: Partial<PostRow> & { createdAt: string },
): Promise<PostRow> {
  const title = fields.title ?? `Post ${unique()}`;
  const slugId = randomBase36(20);
  return ctx.storage.transaction((tx) =>
    tx.posts.insert({
      id: randomUUID(),
      title,
      slug: `${slugBase(title)}-${slugId}`,
      slugId,
      contentMarkdown: null,
      userId: author.id,
      boardId: null,
      roadmapId: null,
      updatedAt: fields.createdAt,
      ...fields,
    }),
  );
}

/** A vote with a chosen timestamp. */
export async function voteAt(ctx: ServiceContext, user: UserRow, post: PostRow, createdAt: string) {
  return ctx.storage.transaction((tx) => tx.votes.insert({ id: randomUUID(), userId: user.id, postId: post.id, createdAt }));
}

export { EVERYONE_ROLE_ID };

/** The callers of a visibility matrix (API.md §2.7); anonymous callers send no token. */
export interface Cast {
  server: TestServer;
  owner: Persona;
  /** `@everyone` only. */
  member: Persona;
  /** `@everyone` plus the read permission the matrix is about. */
  reader: Persona;
}

/** A server with the owner set up through the API, a plain member and a member holding `readPermission`. */
export async function startCast(readPermission: string, t?: ExecutionContext): Promise<Cast> {
  const server = await startTestServer();
  t?.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  const member = await createMember(server.ctx);
  const reader = await createMember(server.ctx, { permissions: [readPermission] });
  return { server, owner, member, reader };
}
