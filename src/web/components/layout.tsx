import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso/router';
import { useEffect, useRef } from 'preact/hooks';
import { useHasChangelog } from '../changelog-presence.js';
import { mayOpenDashboard } from '../dashboard-access.js';
import { endSession, useSession } from '../session.js';
import { useSite } from '../site.js';
import { Avatar } from './avatar.js';
import { signInHref } from '../sign-in-link.js';
import { ConfirmBanner } from './confirm-banner.js';
import { LanguageMenu } from '../i18n/language-menu.js';
import { t } from '../i18n/t.js';
import { ActionMenu, type MenuAction } from './menu.js';

/** Skip link, header (site title and logo, Roadmap, the signed-in user), main landmark and footer. */
export function Layout({ children }: { children: ComponentChildren }) {
  const site = useSite();
  const title = site?.settings.title ?? '';
  const hasChangelog = useHasChangelog();
  useFocusMainOnNavigation();
  return (
    <>
      <a class="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header class="site-header">
        <div class="site-header__inner">
          <a class="site-brand" href="/">
            {site?.settings.logo && <img src={site.settings.logo} alt="" height={28} />}
            {/* Until the settings load (or if they fail), the link still needs a name. */}
            {title ? <span>{title}</span> : <span class="visually-hidden">{t('common.home')}</span>}
          </a>
          <nav class="site-nav" aria-label={t('common.siteNav')}>
            {hasChangelog && (
              <a class="button button--quiet site-nav__wide" href="/changelog">
                {t('common.changelog')}
              </a>
            )}
            <a class="button button--quiet" href="/roadmap">
              {t('common.roadmap')}
            </a>
            <Account />
          </nav>
        </div>
        <ConfirmBanner />
      </header>
      <main id="main" class="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}

/**
 * After in-app navigation to another page, focus goes to the main landmark, so keyboard and screen
 * reader users start on the new content rather than on a link that no longer exists. Not on the
 * first page (the browser starts at the top), nor when only the query changes (search, order).
 */
function useFocusMainOnNavigation(): void {
  const { path } = useLocation();
  const shown = useRef(path);
  useEffect(() => {
    if (shown.current === path) return;
    shown.current = path;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [path]);
}

/** The language menu; "Powered by", and with single sign-on the team's own way in: quiet, but always there. */
function Footer() {
  const site = useSite();
  const session = useSession();
  const teamLink = Boolean(site?.settings.ssoLoginUrl) && session === null;
  return (
    <footer class="site-footer">
      <p>
        <LanguageMenu />
      </p>
      {teamLink && (
        <p>
          <a href="/sign-in">{t('common.teamSignIn')}</a>
        </p>
      )}
      {site?.settings.isPoweredBy && <p>{t('common.poweredBy')}</p>}
    </footer>
  );
}

function Account() {
  const session = useSession();
  // Subscribed to the settings: signInHref reads ssoLoginUrl, which may arrive after the first render.
  useSite();
  const location = useLocation();
  const accountButton = useRef<HTMLButtonElement>(null);
  if (session === undefined) return null;
  if (session === null) {
    const here = location.url.startsWith('/sign-') || location.url.startsWith('/sso') ? '/' : location.url;
    return (
      <a class="button" href={signInHref(here)}>
        {t('common.signIn')}
      </a>
    );
  }
  const dashboard = mayOpenDashboard(session);
  const actions: MenuAction[] = [
    { label: t('common.yourProfile'), href: '/profile' },
    ...(dashboard ? [{ label: t('common.dashboard'), href: '/dashboard' }] : []),
    {
      label: t('common.signOut'),
      onSelect: () => {
        endSession();
        location.route('/');
      },
    },
  ];
  const { name, username } = session.user;
  return (
    <>
      {dashboard && (
        // On a phone the title needs the room: the dashboard is then in the account menu only.
        <a class="button button--quiet site-nav__wide" href="/dashboard">
          {t('common.dashboard')}
        </a>
      )}
      <ActionMenu
        label={t('common.yourAccount', { name: name || username })}
        actions={actions}
        triggerRef={accountButton}
        face={<Avatar user={{ avatar: '', name, username }} />}
      />
    </>
  );
}
