// A literal path against the parameter routes of the same shape (API.md §1.1, §1.15.2, §8.7),
// walked over every literal path the router has, so a new one is covered without a list: each
// method the path does not define answers 405 with the path's own `Allow` and runs no route,
// unless a parameter route that can take the word defines it (`GET /boards/check-slug` is the
// board with that url). Which routes can answer a path is read from the OpenAPI document; which
// route ran, from the router. Runs on both engines.
import type Router from '@koa/router';
import test from 'ava';
import { API_PREFIX } from '../../src/http/app.js';
import { registerRoutes } from '../../src/http/routes/index.js';
import type { ServiceContext } from '../../src/services/context.js';
import { documentedRoutesFor } from '../_helpers/openapi-check.js';
import { createMember, OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const NOT_ALLOWED = { message: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' };

let server: TestServer;
let ownerToken: string;
const literalPaths = new Set<string>();
/** `METHOD /api/v1/route/:pattern` of every route that started to run. */
const reached: string[] = [];

/** The production routes, each noting first that it was reached; the literal paths are kept. */
function watchedRoutes(router: Router, services: ServiceContext): void {
  registerRoutes(router, services);
  for (const layer of router.stack) {
    if (layer.paramNames.length === 0) literalPaths.add(String(layer.path).slice(API_PREFIX.length));
    layer.stack.unshift(async (ctx, next) => {
      reached.push(`${ctx.method} ${layer.path}`);
      await next();
    });
  }
}

test.before(async () => {
  server = await startTestServer({}, { routes: watchedRoutes });
  ownerToken = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
});
test.after.always(() => server?.close());

/** A request as the owner, with what it made run. */
async function send(method: string, path: string, body?: unknown) {
  reached.length = 0;
  const answer = await server.request(method, path, { token: ownerToken, body });
  return { ...answer, reached: [...reached] };
}

/** What the document says of a literal path: its own methods, the parameter routes that may answer it, and its `Allow`. */
function documented(path: string) {
  const routes = documentedRoutesFor(path);
  const methodsOf = (route: { methods: string[] }) => route.methods.map((method) => method.toUpperCase());
  const own = methodsOf(routes.find((route) => route.template === path) ?? { methods: [] });
  const defined = new Set(routes.flatMap(methodsOf));
  if (defined.has('GET')) defined.add('HEAD');
  defined.add('OPTIONS');
  const byParameter = (method: string) => {
    const asked = method === 'HEAD' ? 'GET' : method;
    return routes.find((route) => route.template !== path && methodsOf(route).includes(asked));
  };
  return { own, allow: METHOD_ORDER.filter((method) => defined.has(method)).join(', '), byParameter };
}

test.serial('every literal path: other methods answer 405 with its own Allow and run no route, unless a parameter route may take the word', async (t) => {
  for (const named of ['/users/profile', '/users/permissions', '/users/dashboard', '/posts/slug', '/posts/similar', '/boards/get', '/boards/check-slug', '/boards/check-name', '/roadmaps/sort']) {
    t.true(literalPaths.has(named), `${named} is walked`);
  }
  let refused = 0;
  let answeredByParameter = 0;
  for (const path of literalPaths) {
    const { own, allow, byParameter } = documented(path);
    t.true(own.length > 0, `${path} is in the document`);
    const options = await send('OPTIONS', path);
    t.deepEqual([options.status, options.headers.get('allow'), options.reached], [204, allow, []], `OPTIONS ${path}`);
    for (const method of METHOD_ORDER.filter((m) => m !== 'OPTIONS' && !own.includes(m === 'HEAD' ? 'GET' : m))) {
      const answer = await send(method, path);
      const parameterRoute = byParameter(method);
      if (parameterRoute) {
        answeredByParameter++;
        const layerPath = `${API_PREFIX}${parameterRoute.template.replace(/\{(\w+)\}/g, ':$1')}`;
        t.not(answer.status, 405, `${method} ${path}`);
        t.deepEqual(answer.reached, [`${method} ${layerPath}`], `${method} ${path} is ${parameterRoute.template}`);
      } else {
        refused++;
        const body = method === 'HEAD' ? null : NOT_ALLOWED;
        t.deepEqual([answer.status, answer.headers.get('allow'), answer.body, answer.reached], [405, allow, body, []], `${method} ${path}`);
      }
    }
  }
  t.true(refused > 100 && answeredByParameter > 0, `${refused} refused, ${answeredByParameter} answered by a parameter route`);
});

test.serial('/users/permissions allows GET, HEAD, OPTIONS: PATCH never reaches the blocking route of /users/:user_id', async (t) => {
  const member = await createMember(server.ctx);
  const post = await send('POST', '/users/permissions', {});
  t.deepEqual([post.status, post.headers.get('allow'), post.body], [405, 'GET, HEAD, OPTIONS', NOT_ALLOWED]);
  for (const path of ['/users/permissions', '/Users/Dashboard/']) {
    const patch = await send('PATCH', path, { isBlocked: true });
    t.deepEqual([patch.status, patch.headers.get('allow'), patch.reached], [405, 'GET, HEAD, OPTIONS', []], path);
  }
  t.false((await server.ctx.storage.users.get(member.user.id))!.isBlocked);
  const blocking = await send('PATCH', `/users/${member.user.id}`, { isBlocked: true });
  t.deepEqual([blocking.status, blocking.reached], [200, [`PATCH ${API_PREFIX}/users/:user_id`]], 'the id route itself still blocks');
  t.is((await send('OPTIONS', '/users/profile')).headers.get('allow'), 'GET, HEAD, PATCH, OPTIONS');
});
