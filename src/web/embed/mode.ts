import { currentPath } from '../base.js';

/*
 * The widget's panel (issue 29) is this same app, opened in an iframe at `/embed/…`. Which one a
 * document is never changes while it lives: every in-app link of the panel stays under `/embed`,
 * and the pages the panel has are the only ones it links to in place.
 */

const EMBED_PREFIX = '/embed';

/** Whether this document is the widget's panel. */
export const embedded = typeof location !== 'undefined' && /^\/embed(\/|$)/i.test(currentPath());

/** Pages the panel shows itself; any other link leads out of the panel (README: Widget). */
const PANEL_PAGES = /^\/(b\/|p\/|new(\?|$)|sign-in(\?|$)|mine(\?|$)|changelog(\/|\?|$)|$|\?)/;

/** A page's address as this document links to it: under `/embed` in the panel, for the pages the panel has. */
export function pageHref(path: string): string {
  return embedded && PANEL_PAGES.test(path) ? `${EMBED_PREFIX}${path === '/' ? '' : path}` : path;
}

/** Whether an address of this site is one of the panel's own pages. */
export function isPanelPath(path: string): boolean {
  return path === EMBED_PREFIX || path.startsWith(`${EMBED_PREFIX}/`) || path.startsWith(`${EMBED_PREFIX}?`);
}
