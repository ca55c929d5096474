import test from 'ava';
import { createMember, EVERYONE_ROLE_ID } from '../_helpers/personas.js';
import { NOT_FOUND as BOARD_NOT_FOUND } from './_boards.js';
import { COMMENT_NOT_FOUND, FORBIDDEN, NOT_AUTHOR, POST_NOT_FOUND } from './_comments.js';
import {
  type Answer,
  assignRole,
  baseOf,
  commentBy,
  createRole,
  db,
  EVERYONE,
  expectRound,
  hiddenBoard,
  memberFor,
  OWNER_PERMISSIONS,
  PERMISSIONS,
  type Probe,
  postBy,
  RESERVED,
  type Row,
  roadmap,
  rowTitle,
  setRolePermissions,
  startMatrix,
  tag,
  unassignRole,
  voteBy,
} from './_matrix.js';
import { NOT_FOUND as ROADMAP_NOT_FOUND } from './_roadmaps.js';
import { SYSTEM_ROLE } from './_roles.js';

/**
 * API.md §2.4–§2.7 and issue 5: every permission some route checks, proved over HTTP on a real
 * server. One row per permission (a few permissions have a second row whose member holds more);
 * each probe states the answer without the permission and the answer with it. The role that
 * grants it is created, assigned, emptied, refilled and unassigned over HTTP, and the member keeps
 * one access token throughout, so nothing may be cached between requests. roles-assign.test.ts
 * covers role unions and moving a role between permissions; this file covers every route.
 */

const forbidden: Answer = { status: 403, body: FORBIDDEN };
const notAuthor: Answer = { status: 403, body: NOT_AUTHOR };
const status = (code: number): Answer => ({ status: code });
/** A 200 list or item that leaves the probe's hidden item out. */
const withoutIt: Answer = { status: 200, shows: false };

/** Probes on one comment; `whose` says who wrote it. */
function commentProbe(
  label: string,
  whose: 'own' | 'other',
  method: 'PUT' | 'DELETE',
  answers: Omit<Probe, 'label' | 'call'>,
  options: { internal?: boolean; body?: (comment: { body: string }) => Record<string, unknown> } = {},
): Probe {
  return {
    label,
    ...answers,
    call: async (env, actor) => {
      const post = await postBy(env, env.other);
      const comment = await commentBy(env, whose === 'own' ? actor : env.other, post, { isInternal: options.internal ?? false });
      const url = `/posts/${post.id}/comments/${comment.id}`;
      if (method === 'DELETE') return { method, url, applied: async () => (await db(env).comments.get(comment.id)) === undefined };
      const body = options.body?.(comment) ?? { body: `Edited ${tag()}` };
      return {
        method,
        url,
        body,
        applied: async () => {
          const stored = (await db(env).comments.get(comment.id))!;
          return stored.body === body.body && (body.is_internal ?? stored.isInternal) === stored.isInternal && (body.is_spam ?? stored.isSpam) === stored.isSpam;
        },
      };
    },
  };
}

const ROWS: Row[] = [
  {
    permission: 'post:create',
    probes: [
      {
        label: 'POST /posts',
        call: async (env, actor) => {
          const title = `Matrix ${tag()}`;
          return { method: 'POST', url: '/posts', body: { title }, applied: async () => (await db(env).posts.listByUser(actor.user.id)).some((post) => post.title === title) };
        },
        refused: forbidden,
        allowed: status(201),
      },
    ],
  },
  {
    permission: 'post:update',
    probes: [
      {
        label: 'PATCH /posts, another member’s post',
        call: async (env) => {
          const post = await postBy(env, env.other);
          const title = `Retitled ${tag()}`;
          return { method: 'PATCH', url: '/posts', body: { id: post.id, title }, applied: async () => (await db(env).posts.get(post.id))?.title === title };
        },
        refused: forbidden,
        allowed: status(200),
      },
    ],
  },
  {
    permission: 'post:destroy',
    probes: [
      {
        label: 'DELETE /posts, another member’s post',
        call: async (env) => {
          const post = await postBy(env, env.other);
          return { method: 'DELETE', url: '/posts', body: { id: post.id }, applied: async () => (await db(env).posts.get(post.id)) === undefined };
        },
        refused: forbidden,
        allowed: status(204),
      },
    ],
  },
  {
    permission: 'board:read',
    probes: [
      {
        label: 'GET /boards/search/:name finds a hidden board',
        call: async (env) => {
          const board = await hiddenBoard(env);
          return { method: 'GET', url: `/boards/search/${board.name}`, shows: (body) => body.boards.some((item: { boardId: string }) => item.boardId === board.id) };
        },
        refused: forbidden,
        allowed: status(200),
      },
      {
        label: 'GET /boards/:url of a hidden board',
        call: async (env) => {
          const board = await hiddenBoard(env);
          return { method: 'GET', url: `/boards/${board.url}`, shows: (body) => body.board.boardId === board.id };
        },
        refused: { status: 404, body: BOARD_NOT_FOUND },
        allowed: status(200),
      },
      {
        label: 'GET /boards/get lists a hidden board',
        call: async (env) => {
          const board = await hiddenBoard(env);
          return { method: 'GET', url: '/boards/get?limit=100&created=desc', shows: (body) => body.boards.some((item: { boardId: string }) => item.boardId === board.id) };
        },
        refused: withoutIt,
        allowed: status(200),
      },
      {
        label: 'POST /posts/get lists a post on a hidden board',
        call: async (env) => {
          const board = await hiddenBoard(env);
          const post = await postBy(env, env.other, { boardId: board.id });
          return { method: 'POST', url: '/posts/get', body: { boardId: [board.id] }, shows: (body) => body.posts.some((item: { postId: string }) => item.postId === post.id) };
        },
        refused: withoutIt,
        allowed: status(200),
      },
      {
        label: 'POST /posts/slug of a post on a hidden board',
        call: async (env) => {
          const post = await postBy(env, env.other, { boardId: (await hiddenBoard(env)).id });
          return { method: 'POST', url: '/posts/slug', body: { slug: post.slug }, shows: (body) => body.post.postId === post.id };
        },
        refused: { status: 404, body: POST_NOT_FOUND },
        allowed: status(200),
      },
      {
        label: 'GET /posts/:post_id/votes of a post on a hidden board',
        call: async (env) => {
          const post = await postBy(env, env.other, { boardId: (await hiddenBoard(env)).id });
          return { method: 'GET', url: `/posts/${post.id}/votes` };
        },
        refused: { status: 404, body: POST_NOT_FOUND },
        allowed: status(200),
      },
      {
        label: 'GET /posts/:post_id/activity of a post on a hidden board',
        call: async (env) => {
          const post = await postBy(env, env.other, { boardId: (await hiddenBoard(env)).id });
          return { method: 'GET', url: `/posts/${post.id}/activity` };
        },
        refused: { status: 404, body: POST_NOT_FOUND },
        allowed: status(200),
      },
      {
        // The post lookup comes before the vote permission (§4.5.1), so seeing the post only moves the refusal on.
        label: 'POST /votes on a post on a hidden board',
        call: async (env, actor) => {
          const post = await postBy(env, env.other, { boardId: (await hiddenBoard(env)).id });
          return { method: 'POST', url: '/votes', body: { postId: post.id }, applied: async () => (await db(env).votes.getByUserAndPost(actor.user.id, post.id)) !== undefined };
        },
        refused: { status: 404, body: POST_NOT_FOUND },
        allowed: forbidden,
        owner: status(201),
      },
    ],
  },
  {
    permission: 'board:read',
    variant: 'with @everyone',
    member: { everyone: true },
    probes: [
      {
        label: 'POST /posts on a hidden board',
        call: async (env, actor) => {
          const board = await hiddenBoard(env);
          return {
            method: 'POST',
            url: '/posts',
            body: { title: `Matrix ${tag()}`, boardId: board.id },
            applied: async () => (await db(env).posts.listByUser(actor.user.id)).some((post) => post.boardId === board.id),
          };
        },
        refused: { status: 404, body: BOARD_NOT_FOUND },
        allowed: status(201),
      },
      {
        label: 'POST /votes on a post on a hidden board',
        call: async (env, actor) => {
          const post = await postBy(env, env.other, { boardId: (await hiddenBoard(env)).id });
          return { method: 'POST', url: '/votes', body: { postId: post.id }, applied: async () => (await db(env).votes.getByUserAndPost(actor.user.id, post.id)) !== undefined };
        },
        refused: { status: 404, body: POST_NOT_FOUND },
        allowed: status(201),
      },
    ],
  },
  {
    permission: 'board:create',
    probes: [
      {
        label: 'POST /boards',
        call: async (env) => {
          const url = `matrix-${tag()}`;
          return { method: 'POST', url: '/boards', body: { url }, applied: async () => (await db(env).boards.getByUrl(url)) !== undefined };
        },
        refused: forbidden,
        allowed: status(201),
      },
      {
        label: 'POST /boards/check-slug',
        call: async () => {
          const name = `Free ${tag()}`;
          return { method: 'POST', url: '/boards/check-slug', body: { url: name }, shows: (body) => body.available === true && body.url === name.toLowerCase().replace(' ', '-') };
        },
        refused: forbidden,
        allowed: status(200),
      },
      {
        label: 'POST /boards/check-name',
        call: async () => {
          const name = `Free ${tag()}`;
          return { method: 'POST', url: '/boards/check-name', body: { name }, shows: (body) => body.available === true && body.url === name.toLowerCase().replace(' ', '-') };
        },
        refused: forbidden,
        allowed: status(200),
      },
    ],
  },
  {
    permission: 'board:update',
    probes: [
      {
        // Write routes find hidden boards regardless of board:read (§2.7), so the answer is 403, not 404.
        label: 'PATCH /boards, a hidden board',
        call: async (env) => {
          const board = await hiddenBoard(env);
          const name = `Renamed ${tag()}`;
          return { method: 'PATCH', url: '/boards', body: { boardId: board.id, name }, applied: async () => (await db(env).boards.get(board.id))?.name === name };
        },
        refused: forbidden,
        allowed: status(200),
      },
      {
        label: 'POST /boards/check-slug',
        call: async () => ({ method: 'POST', url: '/boards/check-slug', body: { url: `free-${tag()}` } }),
        refused: forbidden,
        allowed: status(200),
      },
      {
        // The deprecated route checks board:create only (§4.6.6).
        label: 'POST /boards/check-name',
        call: async () => ({ method: 'POST', url: '/boards/check-name', body: { name: `free-${tag()}` } }),
        refused: forbidden,
        allowed: forbidden,
        owner: status(200),
      },
    ],
  },
  {
    permission: 'board:destroy',
    probes: [
      {
        label: 'DELETE /boards, a hidden board',
        call: async (env) => {
          const board = await hiddenBoard(env);
          return { method: 'DELETE', url: '/boards', body: { boardId: board.id }, applied: async () => (await db(env).boards.get(board.id)) === undefined };
        },
        refused: forbidden,
        allowed: status(204),
      },
    ],
  },
  {
    permission: 'vote:create',
    probes: [
      {
        label: 'POST /votes',
        call: async (env, actor) => {
          const post = await postBy(env, env.other);
          return { method: 'POST', url: '/votes', body: { postId: post.id }, applied: async () => (await db(env).votes.getByUserAndPost(actor.user.id, post.id)) !== undefined };
        },
        refused: forbidden,
        allowed: status(201),
      },
    ],
  },
  {
    permission: 'vote:destroy',
    probes: [
      {
        label: 'DELETE /votes, the caller’s own vote',
        call: async (env, actor) => {
          const post = await postBy(env, env.other);
          await voteBy(env, actor, post);
          return { method: 'DELETE', url: '/votes', body: { postId: post.id }, applied: async () => (await db(env).votes.getByUserAndPost(actor.user.id, post.id)) === undefined };
        },
        refused: forbidden,
        allowed: status(200),
      },
    ],
  },
  {
    permission: 'vote:assign',
    probes: [
      {
        label: 'POST /posts/:post_id/votes/:user_id (lab voteOnBehalf on)',
        call: async (env) => {
          const post = await postBy(env, env.owner);
          return {
            method: 'POST',
            url: `/posts/${post.id}/votes/${env.other.user.id}`,
            applied: async () => (await db(env).votes.getByUserAndPost(env.other.user.id, post.id)) !== undefined,
          };
        },
        refused: forbidden,
        allowed: status(201),
      },
    ],
  },
  {
    permission: 'vote:unassign',
    probes: [
      {
        label: 'DELETE /posts/:post_id/votes/:user_id (lab voteOnBehalf on)',
        call: async (env) => {
          const post = await postBy(env, env.owner);
          await voteBy(env, env.other, post);
          return {
            method: 'DELETE',
            url: `/posts/${post.id}/votes/${env.other.user.id}`,
            applied: async () => (await db(env).votes.getByUserAndPost(env.other.user.id, post.id)) === undefined,
          };
        },
        refused: forbidden,
        allowed: status(200),
      },
    ],
  },
  {
    permission: 'roadmap:read',
    probes: [
      {
        label: 'GET /roadmaps/search/:name finds a hidden roadmap',
        call: async (env) => {
          const hidden = await roadmap(env, false);
          return { method: 'GET', url: `/roadmaps/search/${hidden.name}`, shows: (body) => body.roadmaps.some((item: { id: string }) => item.id === hidden.id) };
        },
        refused: forbidden,
        allowed: status(200),
      },
      {
        label: 'GET /roadmaps/:url of a hidden roadmap',
        call: async (env) => {
          const hidden = await roadmap(env, false);
          return { method: 'GET', url: `/roadmaps/${hidden.url}`, shows: (body) => body.roadmap.id === hidden.id };
        },
        refused: { status: 404, body: ROADMAP_NOT_FOUND },
        allowed: status(200),
      },
      {
        label: 'GET /roadmaps?visibility=private lists a hidden roadmap',
        call: async (env) => {
          const hidden = await roadmap(env, false);
          return { method: 'GET', url: '/roadmaps?visibility=private&first=100', shows: (body) => body.roadmaps.some((item: { id: string }) => item.id === hidden.id) };
        },
        refused: withoutIt,
        allowed: status(200),
      },
      {
        label: 'POST /posts/slug shows the post’s hidden roadmap',
        call: async (env) => {
          const post = await postBy(env, env.other, { roadmapId: (await roadmap(env, false)).id });
          return { method: 'POST', url: '/posts/slug', body: { slug: post.slug }, shows: (body) => body.post.roadmap !== null };
        },
        refused: withoutIt,
        allowed: status(200),
      },
      {
        label: 'POST /posts/get filtered by a hidden roadmap',
        call: async (env) => {
          const hidden = await roadmap(env, false);
          const post = await postBy(env, env.other, { roadmapId: hidden.id });
          return { method: 'POST', url: '/posts/get', body: { roadmapId: hidden.id }, shows: (body) => body.posts.some((item: { postId: string }) => item.postId === post.id) };
        },
        refused: withoutIt,
        allowed: status(200),
      },
    ],
  },
  {
    permission: 'roadmap:read',
    variant: 'with post:create and roadmap:assign',
    member: { permissions: ['post:create', 'roadmap:assign'] },
    probes: [
      {
        label: 'POST /posts on a hidden roadmap',
        call: async (env, actor) => {
          const hidden = await roadmap(env, false);
          return {
            method: 'POST',
            url: '/posts',
            body: { title: `Matrix ${tag()}`, roadmapId: hidden.id },
            applied: async () => (await db(env).posts.listByUser(actor.user.id)).some((post) => post.roadmapId === hidden.id),
          };
        },
        refused: { status: 404, body: ROADMAP_NOT_FOUND },
        allowed: status(201),
      },
    ],
  },
  {
    permission: 'roadmap:create',
    probes: [
      {
        label: 'POST /roadmaps',
        call: async (env) => {
          const url = `matrix-${tag()}`;
          return { method: 'POST', url: '/roadmaps', body: { url }, applied: async () => (await db(env).roadmaps.getByUrl(url)) !== undefined };
        },
        refused: forbidden,
        allowed: status(201),
      },
    ],
  },
  {
    permission: 'roadmap:update',
    probes: [
      {
        label: 'PATCH /roadmaps, a hidden roadmap',
        call: async (env) => {
          const hidden = await roadmap(env, false);
          const name = `Renamed ${tag()}`;
          return { method: 'PATCH', url: '/roadmaps', body: { id: hidden.id, name }, applied: async () => (await db(env).roadmaps.get(hidden.id))?.name === name };
        },
        refused: forbidden,
        allowed: status(200),
      },
      {
        label: 'PATCH /roadmaps/sort',
        call: async (env) => {
          const from = await roadmap(env, true);
          const to = await roadmap(env, false);
          return {
            method: 'PATCH',
            url: '/roadmaps/sort',
            body: { from: { id: from.id }, to: { id: to.id } },
            applied: async () => (await db(env).roadmaps.get(from.id))?.index === to.index,
          };
        },
        refused: forbidden,
        allowed: status(204),
      },
    ],
  },
  {
    permission: 'roadmap:destroy',
    probes: [
      {
        label: 'DELETE /roadmaps, a hidden roadmap',
        call: async (env) => {
          const hidden = await roadmap(env, false);
          return { method: 'DELETE', url: '/roadmaps', body: { id: hidden.id }, applied: async () => (await db(env).roadmaps.get(hidden.id)) === undefined };
        },
        refused: forbidden,
        allowed: status(204),
      },
    ],
  },
  {
    permission: 'roadmap:assign',
    member: { everyone: true },
    probes: [
      {
        label: 'POST /posts with a roadmap',
        call: async (env, actor) => {
          const target = await roadmap(env, true);
          return {
            method: 'POST',
            url: '/posts',
            body: { title: `Matrix ${tag()}`, roadmapId: target.id },
            applied: async () => (await db(env).posts.listByUser(actor.user.id)).some((post) => post.roadmapId === target.id),
          };
        },
        refused: forbidden,
        allowed: status(201),
      },
      {
        label: 'PATCH /posts puts the caller’s own post on a roadmap',
        call: async (env, actor) => {
          const post = await postBy(env, actor);
          const target = await roadmap(env, true);
          return { method: 'PATCH', url: '/posts', body: { id: post.id, roadmapId: target.id }, applied: async () => (await db(env).posts.get(post.id))?.roadmapId === target.id };
        },
        refused: forbidden,
        allowed: status(200),
      },
      {
        // Clearing is a change of roadmapId (§4.4.4); the reserved roadmap:unassign plays no part.
        label: 'PATCH /posts takes the caller’s own post off its roadmap',
        call: async (env, actor) => {
          const post = await postBy(env, actor, { roadmapId: (await roadmap(env, true)).id });
          return { method: 'PATCH', url: '/posts', body: { id: post.id, roadmapId: null }, applied: async () => (await db(env).posts.get(post.id))?.roadmapId === null };
        },
        refused: forbidden,
        allowed: status(200),
      },
    ],
  },
  {
    permission: 'dashboard:read',
    probes: [
      {
        label: 'GET /users/dashboard',
        call: async () => ({ method: 'GET', url: '/users/dashboard' }),
        refused: forbidden,
        allowed: { status: 200, body: { access: true } },
      },
    ],
  },
  {
    permission: 'role:read',
    probes: [
      {
        label: 'GET /roles',
        call: async () => ({ method: 'GET', url: '/roles?first=100', shows: (body) => body.roles.some((role: { id: string }) => role.id === EVERYONE_ROLE_ID) }),
        refused: forbidden,
        allowed: status(200),
      },
      {
        label: 'GET /roles/:role_id',
        call: async () => ({ method: 'GET', url: `/roles/${EVERYONE_ROLE_ID}`, shows: (body) => JSON.stringify(body.role.permissions) === JSON.stringify(EVERYONE) }),
        refused: forbidden,
        allowed: status(200),
      },
    ],
  },
  {
    permission: 'role:create',
    probes: [
      {
        label: 'POST /roles',
        call: async (env) => {
          const name = `created-${tag()}`;
          return { method: 'POST', url: '/roles', body: { name, permissions: ['dashboard:read'] }, applied: async () => (await db(env).roles.getByName(name)) !== undefined };
        },
        refused: forbidden,
        allowed: status(201),
      },
    ],
  },
  {
    permission: 'role:update',
    probes: [
      {
        label: 'PATCH /roles, a custom role',
        call: async (env) => {
          const description = `Described ${tag()}`;
          return {
            method: 'PATCH',
            url: '/roles',
            body: { id: env.spareRoleId, description },
            applied: async () => (await db(env).roles.get(env.spareRoleId))?.description === description,
          };
        },
        refused: forbidden,
        allowed: status(200),
      },
      {
        label: 'PATCH /roles, @everyone',
        call: async () => ({ method: 'PATCH', url: '/roles', body: { id: EVERYONE_ROLE_ID, description: 'Everybody' } }),
        refused: forbidden,
        allowed: { status: 403, body: SYSTEM_ROLE },
      },
    ],
  },
  {
    permission: 'role:assign',
    probes: [
      {
        label: 'PUT /roles/:role_id/users/:user_id',
        call: async (env) => {
          const target = await createMember(env.server.ctx);
          return {
            method: 'PUT',
            url: `/roles/${env.spareRoleId}/users/${target.user.id}`,
            applied: async () => (await db(env).userRoles.getByUserAndRole(target.user.id, env.spareRoleId)) !== undefined,
          };
        },
        refused: forbidden,
        allowed: status(200),
      },
    ],
  },
  {
    permission: 'role:unassign',
    probes: [
      {
        label: 'DELETE /roles/:role_id/users/:user_id',
        call: async (env) => {
          const target = await createMember(env.server.ctx);
          await assignRole(env, env.spareRoleId, target);
          return {
            method: 'DELETE',
            url: `/roles/${env.spareRoleId}/users/${target.user.id}`,
            applied: async () => (await db(env).userRoles.getByUserAndRole(target.user.id, env.spareRoleId)) === undefined,
          };
        },
        refused: forbidden,
        allowed: status(204),
      },
    ],
  },
  {
    permission: 'settings:update',
    probes: [
      {
        label: 'PATCH /settings/site',
        call: async (env) => {
          const description = `Described ${tag()}`;
          return { method: 'PATCH', url: '/settings/site', body: { description }, applied: async () => (await db(env).settings.get()).description === description };
        },
        refused: forbidden,
        allowed: status(200),
      },
      {
        label: 'PATCH /settings/labs',
        call: async (env) => {
          const comments = !(await db(env).settings.get()).labs.comments;
          return {
            method: 'PATCH',
            url: '/settings/labs',
            body: { comments },
            applied: async () => (await db(env).settings.get()).labs.comments === comments,
            // Comments turned off would refuse the public-comment probes that follow.
            restore: async () => void (await db(env).settings.update({ labs: { comments: true, voteOnBehalf: true } })),
          };
        },
        refused: forbidden,
        allowed: status(200),
      },
    ],
  },
  {
    permission: 'comment:create',
    probes: [
      {
        label: 'POST /posts/:post_id/comments, public',
        call: async (env, actor) => {
          const post = await postBy(env, env.other);
          const body = `Hello ${tag()}`;
          return {
            method: 'POST',
            url: `/posts/${post.id}/comments`,
            body: { body },
            applied: async () => (await db(env).comments.listByUser(actor.user.id)).some((comment) => comment.body === body && !comment.isInternal),
          };
        },
        refused: forbidden,
        allowed: status(201),
      },
    ],
  },
  {
    permission: 'comment:create_internal',
    probes: [
      {
        label: 'POST /posts/:post_id/comments, internal',
        call: async (env, actor) => {
          const post = await postBy(env, env.other);
          const body = `Internal ${tag()}`;
          return {
            method: 'POST',
            url: `/posts/${post.id}/comments`,
            body: { body, is_internal: true },
            applied: async () => (await db(env).comments.listByUser(actor.user.id)).some((comment) => comment.body === body && comment.isInternal),
          };
        },
        refused: forbidden,
        allowed: status(201),
      },
      {
        // comment:create_internal is needed "instead of" comment:create for internal comments only.
        label: 'POST /posts/:post_id/comments, public',
        call: async (env) => ({ method: 'POST', url: `/posts/${(await postBy(env, env.other)).id}/comments`, body: { body: `Hello ${tag()}` } }),
        refused: forbidden,
        allowed: forbidden,
        owner: status(201),
        everyone: status(201),
      },
    ],
  },
  {
    permission: 'comment:create_internal',
    variant: 'with comment:update:own',
    member: { permissions: ['comment:update:own'] },
    probes: [
      commentProbe(
        'PUT makes the caller’s own comment internal',
        'own',
        'PUT',
        { refused: forbidden, allowed: status(200) },
        { body: (comment) => ({ body: comment.body, is_internal: true }) },
      ),
    ],
  },
  {
    permission: 'comment:update:own',
    probes: [
      commentProbe('PUT the caller’s own comment', 'own', 'PUT', { refused: forbidden, allowed: status(200) }),
      commentProbe('PUT another member’s comment', 'other', 'PUT', { refused: forbidden, allowed: notAuthor, owner: status(200) }),
    ],
  },
  {
    permission: 'comment:update:any',
    member: { permissions: ['comment:update:own'] },
    probes: [
      commentProbe('PUT another member’s comment', 'other', 'PUT', { refused: notAuthor, allowed: status(200) }),
      commentProbe(
        'PUT marks the caller’s own comment as spam',
        'own',
        'PUT',
        { refused: forbidden, allowed: status(200) },
        { body: (comment) => ({ body: comment.body, is_spam: true }) },
      ),
    ],
  },
  {
    permission: 'comment:update:any',
    variant: 'alone',
    probes: [commentProbe('PUT another member’s comment', 'other', 'PUT', { refused: forbidden, allowed: status(200), everyone: notAuthor })],
  },
  {
    permission: 'comment:delete:own',
    probes: [
      commentProbe('DELETE the caller’s own comment', 'own', 'DELETE', { refused: forbidden, allowed: status(204) }),
      commentProbe('DELETE another member’s comment', 'other', 'DELETE', { refused: forbidden, allowed: notAuthor, owner: status(204) }),
    ],
  },
  {
    permission: 'comment:delete:any',
    member: { permissions: ['comment:delete:own'] },
    probes: [commentProbe('DELETE another member’s comment', 'other', 'DELETE', { refused: notAuthor, allowed: status(204) })],
  },
  {
    permission: 'comment:delete:any',
    variant: 'alone',
    probes: [commentProbe('DELETE another member’s comment', 'other', 'DELETE', { refused: forbidden, allowed: status(204), everyone: notAuthor })],
  },
  {
    permission: 'comment:view_internal',
    member: { everyone: true },
    probes: [
      {
        label: 'GET /posts/:post_id/activity?visibility=public,internal lists an internal comment',
        call: async (env) => {
          const post = await postBy(env, env.other);
          const internal = await commentBy(env, env.other, post, { isInternal: true });
          return {
            method: 'GET',
            url: `/posts/${post.id}/activity?visibility=public,internal`,
            shows: (body) => body.activity.some((entry: { comment: { id: string } }) => entry.comment.id === internal.id),
          };
        },
        refused: withoutIt,
        allowed: status(200),
      },
      {
        label: 'POST /posts/:post_id/comments replying to an internal comment',
        call: async (env, actor) => {
          const post = await postBy(env, env.other);
          const parent = await commentBy(env, env.other, post, { isInternal: true });
          return {
            method: 'POST',
            url: `/posts/${post.id}/comments`,
            body: { body: `Reply ${tag()}`, parent_id: parent.id },
            applied: async () => (await db(env).comments.listByUser(actor.user.id)).some((comment) => comment.parentId === parent.id),
          };
        },
        refused: { status: 404, body: COMMENT_NOT_FOUND },
        allowed: status(201),
      },
      commentProbe(
        'PUT another member’s internal comment',
        'other',
        'PUT',
        { refused: { status: 404, body: COMMENT_NOT_FOUND }, allowed: notAuthor, owner: status(200) },
        { internal: true },
      ),
      commentProbe('DELETE the caller’s own internal comment', 'own', 'DELETE', { refused: { status: 404, body: COMMENT_NOT_FOUND }, allowed: status(204) }, { internal: true }),
    ],
  },
];

/** Every permission §2.4 says a route checks: all but the reserved ones. */
const CHECKED = PERMISSIONS.filter((permission) => !RESERVED.includes(permission));

test('the table has a row for every checked permission and none for a reserved one', (t) => {
  t.deepEqual([...new Set(ROWS.map((row) => row.permission))].sort(), [...CHECKED].sort());
});

for (const row of ROWS) {
  test(`${rowTitle(row)}: refused, granted by an assigned role, refused when the role is emptied, granted again, refused when unassigned`, async (t) => {
    const env = await startMatrix(t);
    const member = await memberFor(env, row);
    const base = baseOf(row);
    const granted = [...base, row.permission];
    const refused = (probe: Probe) => probe.refused;
    const allowed = (probe: Probe) => probe.allowed;
    await expectRound(t, env, member, row.probes, refused, base, 'before any role');
    const roleId = await createRole(env, [row.permission]);
    await assignRole(env, roleId, member);
    await expectRound(t, env, member, row.probes, allowed, granted, 'role assigned');
    await setRolePermissions(env, roleId, []);
    await expectRound(t, env, member, row.probes, refused, base, 'role emptied');
    await setRolePermissions(env, roleId, [row.permission]);
    await expectRound(t, env, member, row.probes, allowed, granted, 'role refilled');
    await unassignRole(env, roleId, member);
    await expectRound(t, env, member, row.probes, refused, base, 'role unassigned');
  });
}

test('the owner passes every check with no role at all (not even @everyone)', async (t) => {
  const env = await startMatrix(t);
  await unassignRole(env, EVERYONE_ROLE_ID, env.owner);
  t.deepEqual(await db(env).userRoles.listByUser(env.owner.user.id), []);
  for (const row of ROWS) await expectRound(t, env, env.owner, row.probes, (probe) => probe.owner ?? probe.allowed, OWNER_PERMISSIONS, `owner, ${rowTitle(row)}`);
});

test('@everyone holds exactly its six permissions, and a fresh member can do exactly what they grant', async (t) => {
  const env = await startMatrix(t);
  const role = await env.server.request('GET', `/roles/${EVERYONE_ROLE_ID}`, { token: env.owner.token });
  t.like(role.body.role, { id: EVERYONE_ROLE_ID, name: '@everyone', isSystem: true, permissions: EVERYONE });
  const fresh = await createMember(env.server.ctx);
  const everyone = new Set<string>(EVERYONE);
  // Rows whose member holds more than @everyone say nothing about a fresh member.
  for (const row of ROWS.filter((candidate) => baseOf(candidate).every((permission) => everyone.has(permission)))) {
    const answer = (probe: Probe) => (everyone.has(row.permission) ? probe.allowed : row.member?.everyone ? probe.refused : (probe.everyone ?? probe.refused));
    await expectRound(t, env, fresh, row.probes, answer, EVERYONE, `@everyone, ${rowTitle(row)}`);
  }
});

for (const reserved of RESERVED) {
  test(`${reserved} is reserved: a role holding it changes no answer of any route`, async (t) => {
    const env = await startMatrix(t);
    const roleId = await createRole(env, [reserved]);
    for (const row of ROWS) {
      const member = await memberFor(env, row);
      await assignRole(env, roleId, member);
      await expectRound(t, env, member, row.probes, (probe) => probe.refused, [...baseOf(row), reserved], `holding ${reserved}, ${rowTitle(row)}`);
    }
  });
}
