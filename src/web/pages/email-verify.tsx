import { useLocation } from 'preact-iso/router';
import { useEffect } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { verifyEmail } from '../api/endpoints.js';
import { Skeleton } from '../components/skeleton.js';
import { loadSession, useSession } from '../session.js';
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
  // A signed-in visitor's "not confirmed" status is stale from now on.
  useEffect(() => {
    if (result.data !== undefined) void loadSession();
  }, [result.data]);

  if (result.loading) {
    return (
      <AccountCard title={TITLE}>
        <Skeleton rows={1} label="Confirming your address" />
      </AccountCard>
    );
  }
  if (result.error) return <NotConfirmed error={result.error} />;
  return (
    <AccountCard title="Email confirmed">
      <p role="status">Your email address is confirmed.</p>
      <a class="button button--primary" href="/">
        Go to the home page
      </a>
    </AccountCard>
  );
}

function NotConfirmed({ error }: { error: unknown }) {
  const alreadyDone = error instanceof ApiError && error.code === 'EMAIL_VERIFIED';
  return (
    <AccountCard title={TITLE}>
      <div class={alreadyDone ? 'notice' : 'notice notice--error'} role={alreadyDone ? 'status' : 'alert'}>
        <p>{accountMessage(error)}</p>
      </div>
      <NextStep alreadyDone={alreadyDone} />
    </AccountCard>
  );
}

/** What the visitor can do about a link that did not work: nothing, ask for a new one, or sign in first. */
function NextStep({ alreadyDone }: { alreadyDone: boolean }) {
  const session = useSession();
  if (session === undefined) return null;
  if (alreadyDone || session?.user.isVerified) {
    return (
      <>
        {!alreadyDone && <p>Your address is already confirmed, so there is nothing more to do.</p>}
        <a class="button button--primary" href="/">
          Go to the home page
        </a>
      </>
    );
  }
  if (session) {
    return (
      <>
        <p>Links work once and expire after 2 hours. We can send you a new one.</p>
        <ResendVerification email={session.user.email} label="Send a new link" />
      </>
    );
  }
  return (
    <p>
      Links work once and expire after 2 hours. <a href="/sign-in?next=%2Fprofile">Sign in</a> to get a new one.
    </p>
  );
}
