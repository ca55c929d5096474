import { useLocation } from 'preact-iso/router';
import { useEffect } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { verifyEmail } from '../api/endpoints.js';
import { Skeleton } from '../components/skeleton.js';
import { t, tx } from '../i18n/t.js';
import { loadSession, type Session, useSession } from '../session.js';
import { useLoad } from '../use-load.js';
import { AccountCard } from './account-card.js';
import { accountMessage } from './account-form.js';
import { ResendVerification } from './account-resend.js';

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
      <AccountCard title={t('account.confirmEmailTitle')}>
        <Skeleton rows={1} label={t('account.confirmingAddress')} />
      </AccountCard>
    );
  }
  if (result.error && !isConfirmed(result.error, session)) return <NotConfirmed error={result.error} session={session ?? null} />;
  return (
    <AccountCard title={t('account.emailConfirmedTitle')}>
      <p role="status">{t('account.emailConfirmed')}</p>
      <a class="button button--primary" href="/">
        {t('account.goHome')}
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
    <AccountCard title={t('account.confirmEmailTitle')}>
      {deadLink ? (
        <div class="notice" role="status">
          <p>{t('account.confirmLinkDead')}</p>
        </div>
      ) : (
        <div class="notice notice--error" role="alert">
          <p>{accountMessage(error)}</p>
        </div>
      )}
      {session ? (
        <>
          <p>{t('account.confirmLinkLifetime')}</p>
          <ResendVerification email={session.user.email} label={t('account.sendNewLink')} />
        </>
      ) : (
        <p>{tx('account.confirmSignedOut', { link: <a href="/sign-in?next=%2Fprofile">{t('account.confirmSignedOutLink')}</a> })}</p>
      )}
    </AccountCard>
  );
}
