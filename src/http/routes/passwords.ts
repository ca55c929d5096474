import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';

/** PLACEHOLDER: routes land here. */
export function registerPasswordsRoutes(_router: Router, _services: ServiceContext): void {}
