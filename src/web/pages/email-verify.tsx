import { useLocation } from 'preact-iso/router';
import { useEffect } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { verifyEmail } from '../api/endpoints.js';
import { Skeleton } from '../components/skeleton.js';
import { loadSession, type Session, useSession } from '../session.js';
import { useLoad } from '../use-load.js';
import { AccountCard } from './account-card.js';
import { accountMessage } from './account-form.js';
import { ResendVerification } from './account-resend.js';

const TITLE = 'Confirm your email';

/** The page a confirmation mail links to: confirms the address once, on arrival. */
export function EmailVerifyPage() {
  const location = useLocation();
  const token = location.query.token ?? '';
  const result = useLoad(() => verifyEmail(token), [token]);
  const session = useSession();
  // A signed-in visitor's "not confirmed" status is stale from now on.
  useEffect(() => {
    if (result.data !== undefined) void loadSession();
  }, [result.data]);

  if (result.loading || (result.error && session === undefined)) {
    return (
      <AccountCard title={TITLE}>
        <Skeleton rows={1} label="Confirming your address" />
      </AccountCard>
    );
  }
  if (result.error && !isConfirmed(result.error, session)) return <NotConfirmed error={result.error} session={session ?? null} />;
  return (
    <AccountCard title="Email confirmed">
      <p role="status">Your email address is confirmed.</p>
      <a class="button button--primary" href="/">
        Go to the home page
      </a>
    </AccountCard>
  );
}

/**
 * A refusal that still means the address is confirmed: the API says so, or the link was used before
 * (the API cannot tell a used link from a dead one) by a visitor whose session says it is confirmed.
 */
function isConfirmed(error: unknown, session: Session | null | undefined): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'EMAIL_VERIFIED' || (error.code === 'INVALID_TOKEN' && session?.user.isVerified === true);
}

/** What the visitor can do about a link that did not work: ask for a new one, or sign in first. */
function NotConfirmed({ error, session }: { error: unknown; session: Session | null }) {
  const deadLink = error instanceof ApiError && error.code === 'INVALID_TOKEN';
  return (
    <AccountCard title={TITLE}>
      {deadLink ? (
        <div class="notice" role="status">
          <p>This link has already been used, has expired, or was replaced by a newer one.</p>
        </div>
      ) : (
        <div class="notice notice--error" role="alert">
          <p>{accountMessage(error)}</p>
        </div>
      )}
      {session ? (
        <>
          <p>Links work once and expire after 2 hours. We can send you a new one.</p>
          <ResendVerification email={session.user.email} label="Send a new link" />
        </>
      ) : (
        <p>
          If your address is confirmed already, there is nothing more to do. If not, <a href="/sign-in?next=%2Fprofile">sign in</a> to get a
          new link.
        </p>
      )}
    </AccountCard>
  );
}
