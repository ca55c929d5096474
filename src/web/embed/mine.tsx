import { useEffect } from 'preact/hooks';
import { Skeleton } from '../components/skeleton.js';
import { ProfileIdeas } from '../pages/profile-ideas.js';
import { useSession } from '../session.js';
import { signInHref } from '../sign-in-link.js';
import { setPageTitle } from '../site.js';

/** "My ideas" in the widget's panel: what the signed-in person posted and voted for, on every board. */
export function EmbedMinePage() {
  const session = useSession();
  useEffect(() => setPageTitle('My ideas'), []);
  if (session === undefined) return <Skeleton label="Loading your ideas" />;
  return (
    <>
      <h1>My ideas</h1>
      {session ? (
        <ProfileIdeas userId={session.user.userId} />
      ) : (
        <div class="empty">
          <p>Sign in to see the ideas you posted and voted for.</p>
          <a class="button button--primary" href={signInHref('/embed/mine')}>
            Sign in
          </a>
        </div>
      )}
    </>
  );
}
