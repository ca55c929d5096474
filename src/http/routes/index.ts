/*
 * How to add routes (every path is under /api/v1; errors are thrown, never written by hand):
 *
 *   export function registerThingRoutes(router: Router, services: ServiceContext): void {
 *     router.post('/things', parseBody, requireAuth(services), async (ctx) => {
 *       ctx.status = 201;
 *       ctx.body = { thing: await createThing(services, ctx.state.actor, ctx.state.body) };
 *     });
 *   }
 *
 * Per-route middleware, in this order (API.md §1.6), each optional:
 *   1. `parseBody` (../body.ts)      → `ctx.state.body`: the JSON object, `{}` without a body (413/415/400).
 *   2. `requireAuth(services)`       → `ctx.state.actor` and `ctx.state.viewer` (401/403, §2.2), or
 *      `optionalAuth(services)`      → `ctx.state.viewer`: Actor | null, never fails (§2.3).
 *   3. the handler: thin, calls a service, sets `ctx.body` (and `ctx.status` when not 200).
 * Always there: `ctx.state.requestId` (for logs and mail). Types: ../state.ts.
 *
 * Already handled for every route, so do not repeat it: 404 for unknown paths, 405 + Allow and
 * OPTIONS (read from the registered routes), HEAD for GET, case-insensitive paths, one trailing
 * `/`, undecodable path parameters (400), CORS, request ids, error bodies, 500s.
 * Use only router.get/post/put/patch/delete (no router.use or router.all): the Allow table and
 * "literal beats parameter" both read the registered routes.
 * A 204: set `ctx.status = 204` and no body.
 */
import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { registerAccountsRoutes } from './accounts.js';
import { registerAuthProviderRoutes } from './auth-providers.js';
import { registerOidcRoutes } from './oidc.js';
import { registerBoardRoutes } from './boards.js';
import { registerChangelogRoutes } from './changelog.js';
import { registerUploadRoutes } from './uploads.js';
import { registerCommentRoutes } from './comments.js';
import { registerDashboardRoutes } from './dashboard.js';
import { registerHealthRoutes } from './health.js';
import { registerModerationRoutes } from './moderation.js';
import { registerLanguageRoutes } from './language.js';
import { registerNotificationRoutes } from './notifications.js';
import { registerOpenApiRoutes } from './openapi.js';
import { registerPasswordsRoutes } from './passwords.js';
import { registerPostRoutes } from './posts.js';
import { registerRoadmapRoutes } from './roadmaps.js';
import { registerRoleRoutes } from './roles.js';
import { registerSettingsRoutes } from './settings.js';
import { registerSetupRoutes } from './setup.js';
import { registerSignInLinkRoutes } from './sign-in-links.js';
import { registerSsoRoutes } from './sso.js';
import { registerTagRoutes } from './tags.js';
import { registerUsersRoutes } from './users.js';
import { registerVoteRoutes } from './votes.js';
import { registerWebhookRoutes } from './webhooks.js';

/** Registers every route module on the `/api/v1` router. */
export function registerRoutes(router: Router, services: ServiceContext): void {
  registerHealthRoutes(router, services);
  registerOpenApiRoutes(router);
  registerSetupRoutes(router, services);
  registerPostRoutes(router, services);
  registerVoteRoutes(router, services);
  registerCommentRoutes(router, services);
  registerBoardRoutes(router, services);
  registerAccountsRoutes(router, services);
  registerPasswordsRoutes(router, services);
  registerSignInLinkRoutes(router, services);
  registerAuthProviderRoutes(router, services);
  registerOidcRoutes(router, services);
  registerUsersRoutes(router, services);
  registerRoleRoutes(router, services);
  registerSettingsRoutes(router, services);
  registerRoadmapRoutes(router, services);
  registerDashboardRoutes(router, services);
  registerWebhookRoutes(router, services);
  registerSsoRoutes(router, services);
  registerNotificationRoutes(router, services);
  registerLanguageRoutes(router, services);
  registerChangelogRoutes(router, services);
  registerTagRoutes(router, services);
  registerUploadRoutes(router, services);
  registerModerationRoutes(router, services);
}
