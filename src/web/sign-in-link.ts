import { useRoute } from 'preact-iso/router';
import { withBase } from './base.js';
import { hostPage } from './embed/host.js';
import { embedded, pageHref } from './embed/mode.js';
import { framed } from './embed/sign-in-window.js';
import { siteStore } from './site.js';

/*
 * Where a visitor goes to sign in: the board's password form, or, when the board signs its
 * customers in through the team's product (issue 28, `ssoLoginUrl`), that product's sign-in page,
 * told the board URL to come back to. Read when a link is drawn or a button pressed.
 */

/** The sign-in address that brings the visitor back to `next` (and, on the password form, makes their vote there). */
export function signInHref(next: string, votePostId?: string): string {
  const ssoLoginUrl = siteStore.get()?.settings.ssoLoginUrl;
  if (ssoLoginUrl) return productSignIn(ssoLoginUrl, next);
  const params = new URLSearchParams({ next });
  if (votePostId) params.set('vote', votePostId);
  return pageHref(`/sign-in?${params}`);
}

/** Whether customers sign in through the team's product. */
export function signsInThroughProduct(): boolean {
  return Boolean(siteStore.get()?.settings.ssoLoginUrl);
}

/**
 * The product's page with `redirect` set to the absolute board URL of `next` (in the widget's
 * panel: the product's page the panel is on); its own query is kept.
 */
function productSignIn(ssoLoginUrl: string, next: string): string {
  const target = new URL(ssoLoginUrl);
  const back = embedded ? hostPage() : null;
  target.searchParams.set('redirect', back ?? new URL(withBase(next), location.origin).href);
  return target.href;
}

/** Goes to a sign-in address: within the app for the password form, a full navigation to the product. */
export function goToSignIn(href: string, route: (path: string) => void): void {
  if (href.startsWith('/')) route(href);
  // The panel's frame may hold only the board's panel pages: the product's page replaces the team's page.
  else if (framed) window.open(href, '_top');
  else location.assign(href);
}

/**
 * The address of the page this component is on, to come back to after signing in. Not
 * `useLocation().url`: once a link is followed, the location is already the next page's while this
 * page stays on screen until the next page's code has loaded, and its links would lead back there.
 */
export function useOwnUrl(): string {
  const { path, query } = useRoute();
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
