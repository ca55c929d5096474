import { useEffect } from 'preact/hooks';
import { Skeleton } from '../components/skeleton.js';
import { ProfileIdeas } from '../pages/profile-ideas.js';
import { useSession } from '../session.js';
import { signInHref } from '../sign-in-link.js';
import { t } from '../i18n/t.js';
import { setPageTitle } from '../site.js';

/** "My ideas" in the widget's panel: what the signed-in person posted and voted for, on every board. */
export function EmbedMinePage() {
  const session = useSession();
  useEffect(() => setPageTitle(t('widget.myIdeas')), []);
  if (session === undefined) return <Skeleton label={t('widget.loadingIdeas')} />;
  return (
    <>
      <h1>{t('widget.myIdeas')}</h1>
      {session ? (
        <ProfileIdeas userId={session.user.userId} />
      ) : (
        <div class="empty">
          <p>{t('widget.signInForIdeas')}</p>
          <a class="button button--primary" href={signInHref('/embed/mine')}>
            {t('common.signIn')}
          </a>
        </div>
      )}
    </>
  );
}
