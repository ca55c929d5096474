/*
 * Signing in to the panel with a provider or a mailed link (issue 29). Neither can happen inside
 * the iframe: providers refuse to be framed, and a mailed link opens in a tab of its own. The
 * panel opens a window of the board instead (`/embed/handoff`); once that window is signed in, by
 * either way, it hands the session's token to the panel that opened it, and closes.
 */
import { setToken } from '../api/client.js';
import { withBase } from '../base.js';
import { loadSession } from '../session.js';
import { CHANNEL, isOurs } from '../widget/protocol.js';

/** Whether this document is inside a frame (the widget's panel on the team's page, or the dashboard's preview). */
export const framed = typeof window !== 'undefined' && window.parent !== window;

/** The path the sign-in window comes back to, and hands the session over from. */
export const HANDOFF_PATH = '/embed/handoff';

/** What the window is for: a provider's id, or `link` for a mailed link. */
export type SignInWay = string;

let signInWindow: Window | null = null;

/** Opens (or brings back) the sign-in window; call it straight from a click, or browsers block it. */
export function openSignInWindow(way: SignInWay): void {
  const url = `${HANDOFF_PATH}?${new URLSearchParams({ next: HANDOFF_PATH, way })}`;
  signInWindow = window.open(withBase(url), 'feedbackd-sign-in', 'popup,width=480,height=680');
  signInWindow?.focus();
}

/** In the panel: takes the session the sign-in window hands over. */
export function listenToSignInWindow(): void {
  addEventListener('message', (event) => {
    if (event.origin !== location.origin || event.source !== signInWindow || !isOurs(event.data) || event.data.type !== 'handoff') return;
    const { token } = event.data as { token?: unknown };
    if (typeof token !== 'string' || !token) return;
    setToken(token);
    void loadSession();
  });
}

/** In the sign-in window: gives the panel that opened it this session's token. False when there is no such panel. */
export function handOver(token: string): boolean {
  const panel = window.opener as Window | null;
  if (!panel) return false;
  try {
    // Sent to this origin only: the panel is the board's own page.
    panel.postMessage({ channel: CHANNEL, type: 'handoff', token }, location.origin);
    return true;
  } catch {
    return false;
  }
}
