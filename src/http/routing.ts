import type { Layer, Router } from '@koa/router';
import type { Middleware } from 'koa';
import { appError } from '../errors.js';

/** Methods in the order `Allow` lists them (API.md §1.6). */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': METHOD_ORDER.join(', '),
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Request-Id',
  'Access-Control-Max-Age': '86400',
};

/**
 * The methods defined for a path, read from the router itself (so new routes need no extra table):
 * the union over every route that can answer the path (API.md §1.15.2), plus HEAD where GET is
 * (the router adds it) and OPTIONS, in canonical order. Empty = unknown path.
 */
export function allowedMethods(router: Router, path: string): string[] {
  const defined = new Set<string>();
  for (const layer of routesFor(router, path)) for (const method of layer.methods) defined.add(method);
  if (defined.size === 0) return [];
  defined.add('OPTIONS');
  return METHOD_ORDER.filter((method) => defined.has(method));
}

/**
 * The routes whose pattern matches the path, less the ones a literal route shuts out. When a
 * literal route matches, every parameter of the others has caught one of its words. §1.1 lets a
 * parameter route answer the literal's other methods because a board or roadmap url can be such a
 * word (`GET /boards/check-slug` is that board); an id (`:user_id`, always a UUID) never is one, so
 * its route cannot name anything there and the literal's own methods decide (API.md §8.7:
 * `/users/permissions` allows GET, not the PATCH of `/users/:user_id`).
 */
function routesFor(router: Router, path: string): Layer[] {
  const matched = router.match(path, 'GET').path;
  if (!matched.some(isLiteral)) return matched;
  return matched.filter((layer) => !layer.paramNames.some((param) => isIdParameter(String(param.name))));
}

function isLiteral(layer: Layer): boolean {
  return layer.paramNames.length === 0;
}

/** Path parameters named `*_id` are ids, UUIDs by API.md §1.7 (the routes' own checks refuse anything else). */
function isIdParameter(name: string): boolean {
  return name.endsWith('_id');
}

/**
 * Step 1 of API.md §1.6, before any route runs: unknown path → 404, OPTIONS → 204 preflight,
 * wrong method → 405 with `Allow`, undecodable path parameter → 400.
 */
export function guardRoutes(router: Router): Middleware {
  return async (ctx, next) => {
    const allowed = allowedMethods(router, ctx.path);
    if (allowed.length === 0) throw appError('NOT_FOUND');
    if (ctx.method === 'OPTIONS') {
      ctx.set({ ...PREFLIGHT_HEADERS, Allow: allowed.join(', ') });
      ctx.status = 204;
      return;
    }
    if (!allowed.includes(ctx.method)) {
      ctx.set('Allow', allowed.join(', '));
      throw appError('METHOD_NOT_ALLOWED');
    }
    // Literal segments never contain `%` once matched, so a path that fails to decode has the bad sequence in a parameter.
    if (!isDecodable(ctx.path)) throw appError('DECODE_URI_ERROR');
    await next();
  };
}

function isDecodable(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
