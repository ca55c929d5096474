import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { checkForm } from '../../services/form-check.js';
import { mergePost, unmergePost } from '../../services/merges/merge-post.js';
import { deletePost } from '../../services/post-delete.js';
import { postListJson } from '../../services/post-fragments.js';
import { similarPosts } from '../../services/post-similar.js';
import { updatePost } from '../../services/post-update.js';
import { createPost, listPosts, showPost } from '../../services/posts.js';
import { listVoters } from '../../services/voters.js';
import { optionalAuth, requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** API.md §4.4 and §8.2: posts, their voters and duplicate suggestions; merging duplicates (issue 30 §2). */
export function registerPostRoutes(router: Router, ctx: ServiceContext): void {
  router.post('/posts/get', parseBody, optionalAuth(ctx), async (koa) => {
    // The hot path of every board: posts are serialised from cached JSON (post-fragments.ts).
    koa.type = 'application/json; charset=utf-8';
    koa.body = postListJson(await listPosts(ctx, koa.state.viewer, koa.state.body));
  });

  router.post('/posts/slug', parseBody, optionalAuth(ctx), async (koa) => {
    koa.body = { post: await showPost(ctx, koa.state.viewer, koa.state.body) };
  });

  router.post('/posts/similar', parseBody, optionalAuth(ctx), async (koa) => {
    koa.type = 'application/json; charset=utf-8';
    koa.body = postListJson(await similarPosts(ctx, koa.state.viewer, koa.state.body));
  });

  router.post('/posts', parseBody, requireAuth(ctx), async (koa) => {
    // Issue 31 §2: the honeypot and the form token, before the route's own checks.
    await checkForm(ctx, koa.state.body);
    koa.status = 201;
    koa.body = { post: await createPost(ctx, koa.state.actor, koa.state.body) };
  });

  router.patch('/posts', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { post: await updatePost(ctx, koa.state.actor, koa.state.body) };
  });

  router.delete('/posts', parseBody, requireAuth(ctx), async (koa) => {
    await deletePost(ctx, koa.state.actor, koa.state.body);
    koa.status = 204;
  });

  router.get('/posts/:post_id/votes', optionalAuth(ctx), async (koa) => {
    koa.body = { votes: await listVoters(ctx, koa.state.viewer, koa.params.post_id ?? '', koa.query) };
  });

  router.post('/posts/:post_id/merge', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { post: await mergePost(ctx, koa.state.actor, koa.params.post_id ?? '', koa.state.body) };
  });

  router.post('/posts/:post_id/unmerge', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { post: await unmergePost(ctx, koa.state.actor, koa.params.post_id ?? '') };
  });
}
