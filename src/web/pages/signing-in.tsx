import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso/router';
import { useEffect, useRef, useState } from 'preact/hooks';
import { messageOf } from '../components/notice.js';
import { ApiError } from '../api/client.js';
import type { AuthUser } from '../api/types.js';
import { t } from '../i18n/t.js';
import { startSession } from '../session.js';
import { AccountCard, AccountLinks } from './account-card.js';

/** A landing page's own refusal, shown in its words (a link without its token, say). */
export class LandingProblem extends Error {}

/**
 * A landing page's sign-in (the product's link, a provider's return): runs once as the page
 * opens, then goes on to where it leads, replacing the page in the history so Back never comes
 * here again. Answers the problem to show, in the API's words or the page's, or null.
 */
export function useLandingSignIn(signIn: () => Promise<{ user: AuthUser; next: string }>, fallback: string): string | null {
  const location = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn()
      .then(async ({ user, next }) => {
        await startSession(user);
        location.route(next, true);
      })
      .catch((error: unknown) => setProblem(error instanceof LandingProblem ? error.message : error instanceof ApiError ? messageOf(error) : fallback));
  }, [location]);
  return problem;
}

/** "Signing you in…" while it runs; the problem and the ways on (`links`) when it did not work. */
export function SigningIn({ problem, links }: { problem: string | null; links: ComponentChildren }) {
  return (
    <AccountCard title={problem ? t('account.signInDidNotWorkTitle') : t('account.signingYouInNow')}>
      {problem ? (
        <>
          <p role="alert">{problem}</p>
          <AccountLinks>{links}</AccountLinks>
        </>
      ) : (
        <p class="muted" role="status">
          {t('account.oneMoment')}
        </p>
      )}
    </AccountCard>
  );
}
