import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { checkDashboardAccess, listPermissions, listUsers, showProfile, updateProfile } from '../../services/users.js';
import { setBlockedByOwner } from '../../services/user-blocking.js';
import { requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** API.md §4.8: users, the caller's profile, permissions and dashboard access; blocking users (extension). */
export function registerUsersRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/users', requireAuth(ctx), async (koa) => {
    koa.body = await listUsers(ctx, koa.state.actor, koa.query);
  });

  router.get('/users/profile', requireAuth(ctx), (koa) => {
    koa.body = { user: showProfile(koa.state.actor) };
  });

  router.patch('/users/profile', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { user: await updateProfile(ctx, koa.state.actor, koa.state.body) };
  });

  router.get('/users/permissions', requireAuth(ctx), (koa) => {
    koa.body = { permissions: listPermissions(koa.state.actor) };
  });

  router.get('/users/dashboard', requireAuth(ctx), (koa) => {
    koa.body = checkDashboardAccess(koa.state.actor);
  });

  // feedbackd's extension: block or unblock a user. `/users/profile` keeps PATCH (literal first, app.ts).
  router.patch('/users/:user_id', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { user: await setBlockedByOwner(ctx, koa.state.actor, koa.params.user_id ?? '', koa.state.body) };
  });
}
