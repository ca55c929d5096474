import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { assignRole, type RoleAssignmentTarget, unassignRole } from '../../services/role-assignments.js';
import { createRole, listRoles, showRole, updateRole } from '../../services/roles.js';
import { requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** API.md §4.9: roles, their permissions, and who holds them. */
export function registerRoleRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/roles', requireAuth(ctx), async (koa) => {
    koa.body = await listRoles(ctx, koa.state.actor, koa.query);
  });

  router.get('/roles/:role_id', requireAuth(ctx), async (koa) => {
    koa.body = { role: await showRole(ctx, koa.state.actor, koa.params.role_id ?? '') };
  });

  router.post('/roles', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = await createRole(ctx, koa.state.actor, koa.state.body);
  });

  router.patch('/roles', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = await updateRole(ctx, koa.state.actor, koa.state.body);
  });

  // No body is expected, but one sent is still read and checked like any other (API.md §1.2).
  router.put('/roles/:role_id/users/:user_id', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = await assignRole(ctx, koa.state.actor, assignmentTarget(koa.params));
  });

  router.delete('/roles/:role_id/users/:user_id', parseBody, requireAuth(ctx), async (koa) => {
    await unassignRole(ctx, koa.state.actor, assignmentTarget(koa.params));
    koa.status = 204;
  });
}

function assignmentTarget(params: Record<string, string | undefined>): RoleAssignmentTarget {
  return { roleId: params.role_id ?? '', userId: params.user_id ?? '' };
}
