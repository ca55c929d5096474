import Router from '@koa/router';
import Koa, { type Context } from 'koa';
import type { Logger } from '../logger.js';
import type { ServiceContext } from '../services/context.js';
import { accessLog } from './access-log.js';
import { servePathUnderBase } from './base-path.js';
import { compressAnswers } from './compression.js';
import { connectionPolicy, isClientGone } from './connections.js';
import { handleErrors } from './errors.js';
import { requestContext } from './request-context.js';
import { registerRoutes } from './routes/index.js';
import { guardRoutes } from './routing.js';
import { setConnectionPolicy } from './server.js';
import './state.js';
import { serveFeeds } from './feeds.js';
import { serveUploads } from './uploads.js';
import { serveWebApp } from './web-app.js';
import { DEFAULT_WEB_DIR } from './web-files.js';

/** Adds routes to the `/api/v1` router; `registerRoutes` in production, extra routes in tests. */
export type RouteRegistrar = (router: Router, services: ServiceContext) => void;

/** Path prefix of every route (API.md §1.1). */
export const API_PREFIX = '/api/v1';

/** Options of `createApp` beyond the routes. */
export interface AppOptions {
  /** The built web app served outside `/api/`; `dist/web/` of the package by default. */
  webDir?: string;
}

/** The Koa app for a service context; it never listens (see server.ts). */
export function createApp(services: ServiceContext, register: RouteRegistrar = registerRoutes, options: AppOptions = {}): Koa {
  const app = new Koa();
  // 'specificity': of the routes matching path and method, only the one with the fewest parameters
  // runs, so a literal route beats a parameter route whatever the registration order (API.md §1.1).
  // Case-insensitive and one trailing `/` ignored are @koa/router's defaults (sensitive/strict false).
  const router = new Router({ prefix: API_PREFIX, exclusive: 'specificity' });
  register(router, services);
  app.use(accessLog(services.config, services.logger));
  app.use(handleErrors(services.logger));
  app.use(requestContext(services.config));
  // Before everything that reads the path: below it, paths are as at a host's root (issue 33 §2).
  app.use(servePathUnderBase(services.config));
  // Before routing: paths outside `/api/` are the web app's and never reach the API's 404/405/OPTIONS rules.
  app.use(serveFeeds(services));
  app.use(serveUploads(services));
  app.use(serveWebApp(services, options.webDir ?? DEFAULT_WEB_DIR));
  // Below the error middleware, so error answers stay objects it and the access log can read.
  app.use(compressAnswers());
  app.use(guardRoutes(router));
  app.use(router.routes());
  app.on('error', (err: unknown, ctx?: Context) => logResponseFailure(services.logger, err, ctx));
  setConnectionPolicy(app, connectionPolicy(services.config, services.logger));
  return app;
}

/**
 * Errors that escape the middleware (a socket failing mid-response) reach the log, not stderr
 * text. A client that went away is no fault of ours, and anyone can cause it: debug, no stack.
 */
function logResponseFailure(logger: Logger, err: unknown, ctx: Context | undefined): void {
  const requestId = ctx?.state.requestId;
  if (isClientGone(err)) logger.debug({ requestId, code: (err as NodeJS.ErrnoException).code }, 'client went away before the answer was sent');
  else logger.error({ requestId, err }, 'response failed');
}
