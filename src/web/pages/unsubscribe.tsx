import { useLocation } from 'preact-iso/router';
import { ApiError } from '../api/client.js';
import { unsubscribeWithToken } from '../api/notifications.js';
import type { UnsubscribedPost } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { useLoad } from '../use-load.js';
import { AccountCard } from './account-card.js';

const TITLE = 'Unsubscribe';

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
      <AccountCard title={TITLE}>
        <Skeleton rows={1} label="Unsubscribing" />
      </AccountCard>
    );
  }
  if (result.error) return <NotUnsubscribed error={result.error} onRetry={result.reload} />;
  return <Unsubscribed post={result.data!} />;
}

function Unsubscribed({ post }: { post: UnsubscribedPost }) {
  return (
    <AccountCard title="Unsubscribed">
      <p role="status">You will no longer get mail about “{post.title}”.</p>
      <a class="button button--primary" href={`/p/${encodeURIComponent(post.slug)}`}>
        See the idea
      </a>
      <AllMailOff />
    </AccountCard>
  );
}

function NotUnsubscribed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'INVALID_UNSUBSCRIBE_TOKEN') {
    return (
      <AccountCard title={TITLE}>
        <div class="notice notice--error" role="alert">
          <p>This unsubscribe link does not work. Copy the whole link from the mail, or use the newest mail about the idea.</p>
        </div>
        <AllMailOff />
      </AccountCard>
    );
  }
  if (code === 'POST_NOT_FOUND') {
    return (
      <AccountCard title={TITLE}>
        <p role="status">This idea or your account no longer exists, so no more mail will come about it.</p>
        <a class="button button--primary" href="/">
          Go to the home page
        </a>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={TITLE}>
      <ErrorNotice error={error} onRetry={onRetry} />
    </AccountCard>
  );
}

/** The account-wide switch is on the profile page (signed-out visitors sign in on the way). */
function AllMailOff() {
  return (
    <p class="unsubscribe__more small">
      To stop all notification mail, <a href="/profile">turn it off in your profile</a>.
    </p>
  );
}
