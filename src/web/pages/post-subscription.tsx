import { useEffect, useState } from 'preact/hooks';
import { getNotificationSettings, getSubscription, setSubscription } from '../api/notifications.js';
import type { Subscription, SubscriptionReason } from '../api/types.js';
import { t, tx } from '../i18n/t.js';
import { useSession } from '../session.js';
import { useLoad } from '../use-load.js';
import { messageOf } from '../components/notice.js';

/** "You get mail about this idea because …", whole, for each reason (the catalogue's key; read in render). */
const BECAUSE = {
  author: 'post.whyAuthor',
  voter: 'post.whyVoter',
  commenter: 'post.whyCommenter',
  chosen: 'post.whyChosen',
} as const satisfies Record<SubscriptionReason, string>;

interface PostSubscriptionProps {
  postId: string;
  /** Changes after the visitor votes or comments, which can subscribe them: the state is read again. */
  refresh: number;
}

/** Subscribe / Unsubscribe for a signed-in visitor, with one line on why they get mail; nothing for others. */
export function PostSubscription({ postId, refresh }: PostSubscriptionProps) {
  const session = useSession();
  if (!session) return null;
  return <SubscriptionToggle key={session.user.userId} postId={postId} refresh={refresh} />;
}

function SubscriptionToggle({ postId, refresh }: PostSubscriptionProps) {
  const loaded = useLoad(() => getSubscription(postId), [postId, refresh]);
  const settings = useLoad(getNotificationSettings, []);
  const [current, setCurrent] = useState<Subscription | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (loaded.data) setCurrent(loaded.data);
  }, [loaded.data]);

  if (!current) return loaded.error ? <LoadFailed onRetry={loaded.reload} /> : null;
  const toggle = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      setCurrent(await setSubscription(postId, !current.subscribed));
      // A read started before this change (after a vote, say) would answer with the old state: read again.
      if (loaded.loading) loaded.reload();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <div class="post-follow">
      <button type="button" class="button" aria-busy={pending} aria-describedby="post-follow-why" onClick={toggle}>
        <BellIcon />
        {buttonLabel(current.subscribed, pending)}
      </button>
      <p id="post-follow-why" class="post-follow__why small" role="status">
        {settings.data?.mail === false ? <MailOff /> : whyText(current)}
      </p>
      {error && (
        <p class="post-follow__error small" role="alert">
          {t('post.subscriptionNotChanged', { error })}
        </p>
      )}
    </div>
  );
}

function buttonLabel(subscribed: boolean, pending: boolean): string {
  if (pending) return subscribed ? t('post.unsubscribing') : t('post.subscribing');
  return subscribed ? t('post.unsubscribe') : t('post.subscribe');
}

function whyText(subscription: Subscription): string {
  if (!subscription.subscribed) return t('post.whyNot');
  return subscription.reason ? t(BECAUSE[subscription.reason]) : t('post.whySubscribed');
}

/** Subscribing alone sends nothing while the account's switch is off: the line says where it is. */
function MailOff() {
  return tx('post.mailOff', { link: <a href="/profile">{t('post.mailOffLink')}</a> });
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <p class="post-follow post-follow__why small">
      {t('post.subscriptionLoadFailed')}{' '}
      <button type="button" class="link-button" onClick={onRetry}>
        {t('post.retry')}
      </button>
    </p>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M8 1.5a4.5 4.5 0 0 0-4.5 4.5v2.7L2 11v1h12v-1l-1.5-2.3V6A4.5 4.5 0 0 0 8 1.5zM6.3 13a1.8 1.8 0 0 0 3.4 0z"
        fill="currentColor"
      />
    </svg>
  );
}
