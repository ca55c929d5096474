import Router from '@koa/router';
import Koa from 'koa';
import type { ServiceContext } from '../services/context.js';
import { handleErrors } from './errors.js';
import { requestContext } from './request-context.js';
import { registerRoutes } from './routes/index.js';
import { guardRoutes } from './routing.js';
import './state.js';

/** Adds routes to the `/api/v1` router; `registerRoutes` in production, extra routes in tests. */
export type RouteRegistrar = (router: Router, services: ServiceContext) => void;

/** Path prefix of every route (API.md §1.1). */
export const API_PREFIX = '/api/v1';

/** The Koa app for a service context; it never listens (see server.ts). */
export function createApp(services: ServiceContext, register: RouteRegistrar = registerRoutes): Koa {
  const app = new Koa();
  // 'specificity': of the routes matching path and method, only the one with the fewest parameters
  // runs, so a literal route beats a parameter route whatever the registration order (API.md §1.1).
  // Case-insensitive and one trailing `/` ignored are @koa/router's defaults (sensitive/strict false).
  const router = new Router({ prefix: API_PREFIX, exclusive: 'specificity' });
  register(router, services);
  app.use(handleErrors(services.logger));
  app.use(requestContext(services.config));
  app.use(guardRoutes(router));
  app.use(router.routes());
  // Errors that escape the middleware (a socket failing mid-response) still reach the log, not stderr text.
  app.on('error', (err: unknown) => services.logger.error({ err }, 'response failed'));
  return app;
}
