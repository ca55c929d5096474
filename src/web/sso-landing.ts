import { currentPath } from './base.js';

/*
 * `/sso?token=…&redirect=…` (issue 28): the team's product sends a signed-in customer here. The
 * token is taken out of the address bar before anything else runs, so it stays out of the history,
 * bookmarks and what the visitor might copy; the page (pages/sso.tsx) then signs in with it.
 */

export interface SsoLanding {
  token: string | null;
  redirect: string | null;
}

let landing: SsoLanding | null = null;

/** Called first thing on start: on `/sso`, keeps the query here and replaces the address with the bare path. */
export function takeSsoLanding(): void {
  if (!/^\/sso\/?$/i.test(currentPath())) return;
  const query = new URLSearchParams(location.search);
  landing = { token: query.get('token'), redirect: query.get('redirect') };
  history.replaceState(null, '', location.pathname);
}

/** The landing's token and redirect, once: a second call (the page shown again) gets null. */
export function claimSsoLanding(): SsoLanding | null {
  const taken = landing;
  landing = null;
  return taken;
}
