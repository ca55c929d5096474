import type Router from '@koa/router';
import type { ServiceContext } from '../../services/context.js';
import { listOwnSignInWays, unlinkOwnIdentity } from '../../services/identities.js';
import { createSsoSecret, listSsoSecrets, revokeSsoSecret } from '../../services/sso/secrets.js';
import { requireAuth } from '../auth.js';
import { parseBody } from '../body.js';

/**
 * feedbackd's extension (issue 28): the owner's single sign-on secrets, and each person's linked
 * identities. Signing in is `POST /auth/sso` (accounts.ts).
 */
export function registerSsoRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/auth/identities', requireAuth(ctx), async (koa) => {
    koa.body = await listOwnSignInWays(ctx, koa.state.actor);
  });

  router.delete('/auth/identities/:provider', parseBody, requireAuth(ctx), async (koa) => {
    await unlinkOwnIdentity(ctx, koa.state.actor, koa.params.provider ?? '');
    koa.status = 204;
  });

  router.get('/sso/secrets', requireAuth(ctx), async (koa) => {
    koa.body = { secrets: await listSsoSecrets(ctx, koa.state.actor) };
  });

  // No body is expected, but one sent is still read and checked like any other (API.md §1.2).
  router.post('/sso/secrets', parseBody, requireAuth(ctx), async (koa) => {
    koa.status = 201;
    koa.body = { secret: await createSsoSecret(ctx, koa.state.actor) };
  });

  router.delete('/sso/secrets/:secret_id', parseBody, requireAuth(ctx), async (koa) => {
    await revokeSsoSecret(ctx, koa.state.actor, koa.params.secret_id ?? '');
    koa.status = 204;
  });
}
