import type Router from '@koa/router';
import { addAuthProvider, listAuthProviders, listPublicAuthProviders, removeAuthProvider, updateAuthProvider } from '../../services/auth-providers/providers.js';
import type { ServiceContext } from '../../services/context.js';
import { requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/** feedbackd's extension (issue 28 §2): the owner's sign-in providers, and the public list of their buttons. */
export function registerAuthProviderRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/auth/providers', async (koa) => {
    koa.body = { providers: await listPublicAuthProviders(ctx) };
  });

  router.get('/sso/providers', requireAuth(ctx), async (koa) => {
    koa.body = { providers: await listAuthProviders(ctx, koa.state.actor) };
  });

  router.post('/sso/providers', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = {
      provider: await addAuthProvider(ctx, koa.state.actor, koa.state.body),
    };
  });

  router.patch('/sso/providers/:provider_id', parseBody, requireAuth(ctx), async (koa) => {
    koa.body = { provider: await updateAuthProvider(ctx, koa.state.actor, koa.params.provider_id ?? '', koa.state.body) };
  });

  router.delete('/sso/providers/:provider_id', parseBody, requireAuth(ctx), async (koa) => {
    await removeAuthProvider(ctx, koa.state.actor, koa.params.provider_id ?? '');
    koa.status = 204;
  });
}
