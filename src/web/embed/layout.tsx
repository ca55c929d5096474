import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso/router';
import { useEffect, useRef } from 'preact/hooks';
import { withoutBase } from '../base.js';
import { useHasChangelog } from '../changelog-presence.js';
import { Avatar } from '../components/avatar.js';
import { ActionMenu } from '../components/menu.js';
import { t } from '../i18n/t.js';
import { endSession, useSession } from '../session.js';
import { signInHref } from '../sign-in-link.js';
import { siteStore, useSite } from '../site.js';
import { closePanel, hostPage, listenToHost, useHostListening } from './host.js';
import { isPanelPath } from './mode.js';
import { framed, listenToSignInWindow } from './sign-in-window.js';

/** The widget's panel: a compact header (the board, My ideas, the account, Close) over the page; no site header or footer. */
export function EmbedLayout({ children }: { children: ComponentChildren }) {
  const site = useSite();
  const location = useLocation();
  const route = useRef(location.route);
  route.current = location.route;
  useEffect(() => {
    if (!framed) return;
    listenToHost((path) => route.current(path));
    listenToSignInWindow();
    return leaveLinksOutOfPanel();
  }, []);
  const listening = useHostListening();
  const hasChangelog = useHasChangelog();
  const title = site?.settings.title ?? '';
  return (
    <div class="embed">
      <header class="embed-header">
        <a class="embed-brand" href="/embed">
          {site?.settings.logo && <img src={site.settings.logo} alt="" height={22} />}
          {title ? <span>{title}</span> : <span class="visually-hidden">{t('widget.allBoards')}</span>}
        </a>
        <nav class="embed-nav" aria-label={t('widget.nav')}>
          {hasChangelog && (
            <a class="button button--quiet" href="/embed/changelog" aria-current={location.path.startsWith('/embed/changelog') ? 'page' : undefined}>
              {t('widget.whatsNew')}
            </a>
          )}
          <a class="button button--quiet" href="/embed/mine" aria-current={location.path === '/embed/mine' ? 'page' : undefined}>
            {t('widget.myIdeas')}
          </a>
          <Account />
        </nav>
        {listening && (
          <button type="button" class="button button--quiet embed-close" aria-label={t('widget.close')} onClick={closePanel}>
            <span aria-hidden="true">✕</span>
          </button>
        )}
      </header>
      <main id="main" class="embed-main" tabIndex={-1}>
        {children}
      </main>
      {site?.settings.isPoweredBy && <footer class="embed-footer">{t('common.poweredBy')}</footer>}
    </div>
  );
}

function Account() {
  const session = useSession();
  const location = useLocation();
  const accountButton = useRef<HTMLButtonElement>(null);
  useSite();
  if (session === undefined) return null;
  if (session === null) {
    const here = location.path.startsWith('/embed/sign-in') ? '/embed' : location.url;
    return (
      <a class="button" href={signInHref(here)}>
        {t('common.signIn')}
      </a>
    );
  }
  const { name, username } = session.user;
  // The avatar with a one-item menu: the panel is 400 px wide, and signing out is rare where the product signs people in.
  return (
    <ActionMenu
      label={t('common.yourAccount', { name: name || username })}
      actions={[{ label: t('common.signOut'), onSelect: endSession }]}
      triggerRef={accountButton}
      face={<Avatar user={{ avatar: '', name, username }} />}
    />
  );
}

/**
 * A link out of the panel (the profile, the product's sign-in page, another site) cannot open in
 * the frame, which only the panel's pages may fill: it opens in a new tab, and the product's
 * sign-in in the team's page itself.
 */
function leaveLinksOutOfPanel(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const link = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && Boolean(node.href));
    if (!link || link.target || link.getAttribute('href')?.startsWith('#')) return;
    const url = new URL(link.href);
    if (url.origin === location.origin && isPanelPath(withoutBase(url.pathname))) return;
    event.preventDefault();
    const toProduct = url.origin !== location.origin && url.origin === productOrigin();
    // The link may have been drawn before the loader named the team's page: back there, not to the board.
    const back = hostPage();
    if (toProduct && back) url.searchParams.set('redirect', back);
    window.open(url.href, toProduct ? '_top' : '_blank', toProduct ? undefined : 'noopener');
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}

function productOrigin(): string | null {
  const url = siteStore.get()?.settings.ssoLoginUrl;
  return url ? new URL(url).origin : null;
}
