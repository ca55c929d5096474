import { useLocation } from 'preact-iso/router';
import { ApiError } from '../api/client.js';
import { unsubscribeWithToken } from '../api/notifications.js';
import type { UnsubscribedPost } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { t, tx } from '../i18n/t.js';
import { useLoad } from '../use-load.js';
import { AccountCard } from './account-card.js';

/**
 * Where a notification mail's "Unsubscribe" link leads: it unsubscribes on arrival, so a person needs
 * one click, while a mail scanner that fetches the link without running scripts unsubscribes nobody.
 */
export function UnsubscribePage() {
  const location = useLocation();
  const token = location.query.token ?? '';
  const result = useLoad(() => unsubscribeWithToken(token), [token]);
  if (result.loading) {
    return (
      <AccountCard title={t('account.unsubscribeTitle')}>
        <Skeleton rows={1} label={t('account.unsubscribing')} />
      </AccountCard>
    );
  }
  if (result.error) return <NotUnsubscribed error={result.error} onRetry={result.reload} />;
  return <Unsubscribed post={result.data!} />;
}

function Unsubscribed({ post }: { post: UnsubscribedPost }) {
  return (
    <AccountCard title={t('account.unsubscribedTitle')}>
      <p role="status">{t('account.unsubscribed', { title: post.title })}</p>
      <a class="button button--primary" href={`/p/${encodeURIComponent(post.slug)}`}>
        {t('account.seeIdea')}
      </a>
      <AllMailOff />
    </AccountCard>
  );
}

function NotUnsubscribed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'INVALID_UNSUBSCRIBE_TOKEN') {
    return (
      <AccountCard title={t('account.unsubscribeTitle')}>
        <div class="notice notice--error" role="alert">
          <p>{t('account.unsubscribeLinkDead')}</p>
        </div>
        <AllMailOff />
      </AccountCard>
    );
  }
  if (code === 'POST_NOT_FOUND') {
    return (
      <AccountCard title={t('account.unsubscribeTitle')}>
        <p role="status">{t('account.unsubscribeGone')}</p>
        <a class="button button--primary" href="/">
          {t('account.goHome')}
        </a>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('account.unsubscribeTitle')}>
      <ErrorNotice error={error} onRetry={onRetry} />
    </AccountCard>
  );
}

/** The account-wide switch is on the profile page (signed-out visitors sign in on the way). */
function AllMailOff() {
  return (
    <p class="unsubscribe__more small">{tx('account.allMailOff', { link: <a href="/profile">{t('account.allMailOffLink')}</a> })}</p>
  );
}
