import { useLocation } from 'preact-iso/router';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { exchangeProviderSignIn } from '../api/endpoints.js';
import { startSession } from '../session.js';
import { AccountCard, AccountLinks } from './account-card.js';
import { safeNext } from './account-return.js';

/**
 * Where a provider sign-in lands (`/sign-in/provider`): collects its outcome once — the session,
 * or the refusal in the API's own words — and goes on to where the visitor was, replacing this
 * page in the history so Back never comes here again.
 */
export function ProviderLandingPage() {
  const location = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    exchangeProviderSignIn()
      .then(async ({ user, next }) => {
        await startSession(user);
        location.route(safeNext(next), true);
      })
      .catch((error: unknown) => setProblem(error instanceof ApiError ? error.message : 'The sign-in did not work. Try again.'));
  }, [location]);
  return (
    <AccountCard title={problem ? 'Sign-in did not work' : 'Signing you in…'}>
      {problem ? (
        <>
          <p role="alert">{problem}</p>
          <AccountLinks>
            <a href="/sign-in">Back to sign in</a>
            <a href="/">Go to the board</a>
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
