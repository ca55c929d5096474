/*
 * Messages between the widget's loader (widget.js, on the team's page) and its panel (the board's
 * `/embed/…` page in an iframe). Each side accepts a message only from the other's window and
 * origin; the loader sends to the board's origin only, so the token never reaches another site.
 */

/** Every message carries this key, so other scripts' messages are told apart at once. */
export const CHANNEL = 'feedbackd';

/** From the loader to the panel. */
export type HostMessage =
  /** The team's page: where "Sign in" sends a visitor back to from the product's own sign-in. */
  | { channel: typeof CHANNEL; type: 'hello'; page: string }
  | { channel: typeof CHANNEL; type: 'identify'; token: string }
  | { channel: typeof CHANNEL; type: 'logout' }
  /** Shown again: the panel puts focus inside, and shows this board or post when one is named. */
  | { channel: typeof CHANNEL; type: 'open'; board?: string; post?: string };

/** From the panel to the loader. */
export type PanelMessage =
  /** The panel can take messages (sent to any origin: it says nothing but that). */
  | { channel: typeof CHANNEL; type: 'ready' }
  | { channel: typeof CHANNEL; type: 'close' };

/** The panel's page for a board or post (`open({ board, post })`), else the board's home. */
export function panelPath(board?: string, post?: string): string {
  if (post) return `/embed/p/${encodeURIComponent(post)}`;
  if (board) return `/embed/b/${encodeURIComponent(board)}`;
  return '/embed';
}

/** Whether a received message's data is one of ours (it still says nothing of who sent it). */
export function isOurs(data: unknown): data is { channel: typeof CHANNEL; type: string } {
  return typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === CHANNEL && typeof (data as { type?: unknown }).type === 'string';
}
