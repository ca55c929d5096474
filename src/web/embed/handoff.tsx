import { useLocation } from 'preact-iso/router';
import { useEffect, useState } from 'preact/hooks';
import { currentToken } from '../api/client.js';
import { providerStartHref } from '../api/endpoints.js';
import { withBase } from '../base.js';
import { t } from '../i18n/t.js';
import { useSession } from '../session.js';
import { SignInPage } from '../pages/sign-in.js';
import { AccountCard } from '../pages/account-card.js';
import { HANDOFF_PATH, handOver } from './sign-in-window.js';

/**
 * The sign-in window the panel opened (embed/sign-in-window.ts): signs in by the way chosen in the
 * panel, then hands the session to the panel and closes. Opened on its own (a mailed link followed
 * in another tab), it says the panel is signed in from the window that asked.
 */
export function HandoffPage() {
  const session = useSession();
  const { query } = useLocation();
  const way = query.way ?? '';
  const [handed, setHanded] = useState<boolean | null>(null);
  useEffect(() => {
    if (!session) return;
    const token = currentToken();
    const done = token !== null && handOver(token);
    setHanded(done);
    if (done) window.close();
  }, [session]);
  useEffect(() => {
    if (session === null && way && way !== 'link') location.assign(withBase(providerStartHref(way, HANDOFF_PATH)));
  }, [session, way]);

  if (session === undefined || (session && handed === null)) return null;
  if (session) return <SignedIn handed={handed === true} />;
  if (way === 'link') return <WaitingForLink />;
  if (way) return null;
  return <SignInPage />;
}

function SignedIn({ handed }: { handed: boolean }) {
  return (
    <AccountCard title={t('widget.signedInTitle')}>
      <p role="status">{handed ? t('widget.panelSignedIn') : t('widget.panelSignedInThere')}</p>
    </AccountCard>
  );
}

/** The panel mailed the link; the tab it opens in signs this site in, and this window sees it (storage events). */
function WaitingForLink() {
  return (
    <AccountCard title={t('account.checkInbox')}>
      <p role="status">{t('widget.openMailedLink')}</p>
    </AccountCard>
  );
}
