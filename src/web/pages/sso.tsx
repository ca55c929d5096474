import { useLocation } from 'preact-iso/router';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { signInWithSso } from '../api/endpoints.js';
import { startSession } from '../session.js';
import { claimSsoLanding } from '../sso-landing.js';
import { AccountCard, AccountLinks } from './account-card.js';
import { safeNext } from './account-return.js';

/**
 * Where the product's link lands: signs in with the token it carried, then goes on to the redirect,
 * replacing this page in the history (so Back never comes here again).
 */
export function SsoPage() {
  const location = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const landing = claimSsoLanding();
    if (!landing?.token) {
      setProblem('This sign-in link holds no token. Sign in again from the product that sent you here.');
      return;
    }
    const target = landingPath(landing.redirect);
    signInWithSso(landing.token)
      .then(async (user) => {
        await startSession(user);
        location.route(target, true);
      })
      .catch((error: unknown) => setProblem(error instanceof ApiError ? error.message : 'The sign-in did not work. Try again from the product that sent you here.'));
  }, [location]);
  return (
    <AccountCard title={problem ? 'Sign-in did not work' : 'Signing you in…'}>
      {problem ? (
        <>
          <p role="alert">{problem}</p>
          <AccountLinks>
            <a href="/">Go to the board</a>
            <a href="/sign-in">Sign in with a password</a>
          </AccountLinks>
        </>
      ) : (
        <p class="muted" role="status">
          One moment.
        </p>
      )}
    </AccountCard>
  );
}

/**
 * The redirect as a path of this site: a path, or an absolute URL of this very origin (the board
 * URL the header's "Sign in" handed the product); anything else, another site above all, is home.
 */
export function landingPath(raw: string | null): string {
  if (!raw) return '/';
  try {
    const url = new URL(raw);
    if (url.origin === location.origin) return safeNext(`${url.pathname}${url.search}${url.hash}`);
  } catch {
    // Not absolute: a path, checked below.
  }
  return safeNext(raw);
}
