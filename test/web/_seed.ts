// Seeding for browser tests and the dev server: through the real API with the owner's token wherever
// a route exists, so the same calls work on the JSON-file engine and on PostgreSQL.
import { hashPassword, insertAccount, toAuthUser } from '../../src/services/accounts.js';
import type { ServiceContext } from '../../src/services/context.js';
import type { Activity, Board, Labs, PostRecord, Roadmap, Settings } from '../../src/web/api/types.js';
import type { Persona } from '../_helpers/personas.js';
import { sendRequest } from '../_helpers/server.js';

/** What seeding needs of a running server: its root URL, its owner and its services. */
export interface SeedTarget {
  url: string;
  owner: Persona;
  ctx: ServiceContext;
}

/** A member who can also sign in through the form. */
export interface Member extends Persona {
  email: string;
  password: string;
}

/** The password of every seeded member unless one is given. */
export const MEMBER_PASSWORD = 'correct horse battery';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** One API call (path under /api/v1) as `as` (the owner by default); throws with the API's answer unless 2xx. */
export async function callApi<T = unknown>(
  target: SeedTarget,
  method: string,
  path: string,
  body?: unknown,
  as: Persona | null = target.owner,
): Promise<T> {
  const response = await sendRequest(target.url, method, path, { body, token: as?.token });
  if (response.status >= 300) throw new Error(`${method} ${path} → ${response.status} ${response.text}`);
  return response.body as T;
}

/** A board, displayed unless `display: false`; its url defaults to a unique one. */
export async function seedBoard(
  target: SeedTarget,
  fields: { name?: string; url?: string; display?: boolean; color?: string; viewVoters?: boolean; description?: string } = {},
): Promise<Board> {
  const id = unique();
  const body = {
    name: fields.name ?? `Board ${id}`,
    url: fields.url ?? `board-${id}`,
    color: fields.color ?? '2f6fdb',
    display: fields.display ?? true,
    view_voters: fields.viewVoters ?? true,
    description: fields.description ?? null,
  };
  return (await callApi<{ board: Board }>(target, 'POST', '/boards', body)).board;
}

/** A roadmap, displayed unless `display: false`; it goes after the existing ones. */
export async function seedRoadmap(
  target: SeedTarget,
  fields: { name?: string; url?: string; display?: boolean; color?: string } = {},
): Promise<Roadmap> {
  const id = unique();
  const body = {
    name: fields.name ?? `Roadmap ${id}`,
    url: fields.url ?? `roadmap-${id}`,
    color: fields.color ?? 'e6a23c',
    display: fields.display ?? true,
  };
  return (await callApi<{ roadmap: Roadmap }>(target, 'POST', '/roadmaps', body)).roadmap;
}

/** What a seeded post may name. */
export interface PostSeed {
  title?: string;
  content?: string | null;
  board?: Board | null;
  roadmap?: Roadmap | null;
  /** The owner by default. */
  author?: Persona;
}

/**
 * A post created by its author through `POST /posts` (so the author's vote comes with it); a roadmap
 * is then set by the owner, since authors rarely hold `roadmap:assign`.
 */
export async function seedPost(target: SeedTarget, seed: PostSeed = {}): Promise<PostRecord> {
  const body = { title: seed.title ?? `Post ${unique()}`, contentMarkdown: seed.content ?? null, boardId: seed.board?.boardId ?? null };
  const { post } = await callApi<{ post: PostRecord }>(target, 'POST', '/posts', body, seed.author ?? target.owner);
  if (!seed.roadmap) return post;
  const patch = { postId: post.postId, roadmapId: seed.roadmap.id };
  return (await callApi<{ post: PostRecord }>(target, 'PATCH', '/posts', patch)).post;
}

/** A vote by `voter` on a post. */
export async function seedVote(target: SeedTarget, post: Pick<PostRecord, 'postId'>, voter: Persona): Promise<void> {
  await callApi(target, 'POST', '/votes', { postId: post.postId }, voter);
}

/** A comment on a post, by the owner unless `author` is given. */
export async function seedComment(
  target: SeedTarget,
  post: Pick<PostRecord, 'postId'>,
  comment: { body: string; author?: Persona; parent?: Activity; internal?: boolean },
): Promise<Activity> {
  const body = { body: comment.body, is_internal: comment.internal ?? false, parent_id: comment.parent?.comment.id ?? null };
  const path = `/posts/${post.postId}/comments`;
  return (await callApi<{ activity: Activity }>(target, 'POST', path, body, comment.author ?? target.owner)).activity;
}

/**
 * A member with a real password (so the sign-in form works) holding `@everyone`, plus a role with
 * `permissions` when given. The account is written to storage, not signed up, so the sign-up rate
 * limit and its verification mail stay out of the way; the role goes through the API.
 */
export async function member(
  target: SeedTarget,
  options: { email?: string; name?: string; password?: string; permissions?: string[]; verified?: boolean } = {},
): Promise<Member> {
  const email = options.email ?? `member-${unique()}@example.org`;
  const password = options.password ?? MEMBER_PASSWORD;
  const passwordHash = await hashPassword(target.ctx, password);
  const now = new Date().toISOString();
  const user = await target.ctx.storage.transaction(async (tx) => {
    const created = await insertAccount(tx, { email, name: options.name ?? 'Member', passwordHash, isOwner: false }, now);
    return options.verified ? tx.users.update(created.id, { isVerified: true }) : created;
  });
  if (options.permissions?.length) await grant(target, user.id, options.permissions);
  return { user, token: toAuthUser(target.ctx, user).authToken, email, password };
}

/** A new role holding `permissions`, assigned to the user. */
async function grant(target: SeedTarget, userId: string, permissions: string[]): Promise<void> {
  const { role } = await callApi<{ role: { id: string } }>(target, 'POST', '/roles', { name: `role-${unique()}`, permissions });
  await callApi(target, 'PUT', `/roles/${role.id}/users/${userId}`);
}

/** Changes site settings as the owner (API.md §4.10.2). */
export async function setSettings(target: SeedTarget, settings: Partial<Omit<Settings, 'labs'>>): Promise<Settings> {
  return (await callApi<{ settings: Settings }>(target, 'PATCH', '/settings/site', settings)).settings;
}

/** Changes the labs flags as the owner (API.md §4.10.4). */
export async function setLabs(target: SeedTarget, labs: Partial<Labs>): Promise<Labs> {
  return (await callApi<{ labs: Labs }>(target, 'PATCH', '/settings/labs', labs)).labs;
}
