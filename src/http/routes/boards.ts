import type Router from '@koa/router';
import {
  checkBoardName,
  checkBoardUrl,
  createBoard,
  deleteBoard,
  listBoards,
  listPublicBoards,
  searchBoards,
  showBoard,
  updateBoard,
} from '../../services/boards.js';
import type { ServiceContext } from '../../services/context.js';
import { optionalAuth, requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** API.md §4.6: boards. The literal routes win over `/boards/:url` for their methods (see app.ts). */
export function registerBoardRoutes(router: Router, ctx: ServiceContext): void {
  // Auth none: the header is not even read (API.md §2.3).
  router.get('/boards', async (koa) => {
    koa.body = await listPublicBoards(ctx, koa.query);
  });

  router.get('/boards/get', optionalAuth(ctx), async (koa) => {
    koa.body = { boards: await listBoards(ctx, koa.state.viewer, koa.query) };
  });

  router.get('/boards/search/:name', requireAuth(ctx), async (koa) => {
    koa.body = { boards: await searchBoards(ctx, koa.state.actor, koa.params.name ?? '', koa.query) };
  });

  router.get('/boards/:url', optionalAuth(ctx), async (koa) => {
    koa.body = { board: await showBoard(ctx, koa.state.viewer, koa.params.url ?? '') };
  });

  router.post('/boards/check-slug', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = await checkBoardUrl(ctx, koa.state.actor, koa.state.body);
  });

  router.post('/boards/check-name', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = await checkBoardName(ctx, koa.state.actor, koa.state.body);
  });

  router.post('/boards', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = { board: await createBoard(ctx, koa.state.actor, koa.state.body) };
  });

  router.patch('/boards', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { board: await updateBoard(ctx, koa.state.actor, koa.state.body) };
  });

  router.delete('/boards', parseBody, requireAuth(ctx), async (koa) => {
    await deleteBoard(ctx, koa.state.actor, koa.state.body);
    koa.status = 204;
  });
}
