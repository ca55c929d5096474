import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { basePath } from '../../config/public-url.js';
import { AppError } from '../../errors.js';
import { exchangeHandoff, sealRefusal, sealSignedIn } from '../../services/auth-providers/handoff.js';
import { callbackPath, enabledProvider, finishProviderLogin, loginNext, startProviderLogin } from '../../services/auth-providers/login.js';
import { sameSitePath } from '../../services/auth-providers/next-path.js';
import type { ServiceContext } from '../../services/context.js';
import { parseBody } from '../body.js';
import { rateLimit } from '../rate-limit.js';
import { requestLocale } from '../request-locale.js';

/*
 * feedbackd's extension (issue 28 §2): signing in through an OpenID Connect provider or GitHub.
 * Start and callback are browser navigations, not JSON: they answer redirects, and a refusal
 * lands on the web app's page (`LANDING`), which collects the outcome through `POST
 * /auth/oidc/exchange` (services/auth-providers/handoff.ts).
 */

const LOGIN_COOKIE = 'feedbackd_oidc_login';
const HANDOFF_COOKIE = 'feedbackd_oidc_handoff';
const EXCHANGE_PATH = '/api/v1/auth/oidc/exchange';
/** The web app's page that finishes a provider sign-in. */
const LANDING = '/sign-in/provider';

export function registerOidcRoutes(router: Router, ctx: ServiceContext): void {
  router.get('/auth/oidc/:provider/start', landOnRefusal(ctx), async (koa) => {
    const provider = await enabledProvider(ctx, koa.params.provider);
    const { location, sealedState } = await startProviderLogin(ctx, provider, sameSitePath(koa.query.next));
    setCookie(koa, ctx, LOGIN_COOKIE, sealedState, callbackPath(provider.id), ctx.config.oidcLoginTtlSeconds);
    redirect(koa, location);
  });

  // The rate limit sits inside landOnRefusal, so a refusal it throws is counted, then shown as a page.
  router.get('/auth/oidc/:provider/callback', landOnRefusal(ctx), rateLimit(ctx, 'oidc'), async (koa) => {
    const provider = await enabledProvider(ctx, koa.params.provider);
    const sealed = koa.cookies.get(LOGIN_COOKIE);
    // Used once, whatever happens next: the same browser cannot replay this login.
    setCookie(koa, ctx, LOGIN_COOKIE, '', callbackPath(provider.id), 0);
    const user = await finishProviderLogin(ctx, provider, sealed, koa.querystring, requestLocale(koa));
    setCookie(koa, ctx, HANDOFF_COOKIE, sealSignedIn(ctx, user.id, loginNext(ctx, sealed)), EXCHANGE_PATH, ctx.config.oidcHandoffTtlSeconds);
    redirect(koa, `${basePath(ctx.config.publicUrl)}${LANDING}`);
  });

  router.post('/auth/oidc/exchange', parseBody, async (koa) => {
    const sealed = koa.cookies.get(HANDOFF_COOKIE);
    setCookie(koa, ctx, HANDOFF_COOKIE, '', EXCHANGE_PATH, 0);
    koa.set('Cache-Control', 'no-store');
    koa.body = await exchangeHandoff(ctx, sealed);
  });
}

/** A refusal of a browser navigation becomes the landing page with the refusal's words, never a JSON error page. */
function landOnRefusal(ctx: ServiceContext): Middleware {
  return async (koa, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const target = loginNext(ctx, koa.cookies.get(LOGIN_COOKIE));
      setCookie(koa, ctx, HANDOFF_COOKIE, sealRefusal(ctx, error, target), EXCHANGE_PATH, ctx.config.oidcHandoffTtlSeconds);
      redirect(koa, `${basePath(ctx.config.publicUrl)}${LANDING}`);
    }
  };
}

/** The callback's address holds the code and state: no Referer carries it on, no cache keeps the answer. */
function redirect(koa: Context, location: string): void {
  koa.set('Cache-Control', 'no-store');
  koa.set('Referrer-Policy', 'no-referrer');
  koa.status = 302;
  koa.redirect(location);
}

/**
 * Written by hand: koa's cookies refuse `Secure` when the request itself came over http, which it
 * does behind a TLS-terminating proxy; `Secure` follows the public URL instead.
 */
function setCookie(koa: Context, ctx: ServiceContext, name: string, value: string, path: string, maxAgeSeconds: number): void {
  // The browser sees the paths with the sub-path the board lives under (issue 33 §2).
  const cookiePath = `${basePath(ctx.config.publicUrl)}${path}`;
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  koa.append('Set-Cookie', `${name}=${value}; Path=${cookiePath}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`);
}
