import type { Actor, Viewer } from '../services/context.js';
import type { Body } from '../services/validation/fields.js';

/**
 * What the HTTP middleware leaves in `ctx.state` for handlers (see routes/index.ts for the order).
 * Merged into Koa's DefaultState below, so every `Router`/`Context` in src sees these types.
 */
export interface AppState {
  /** The request id echoed in `X-Request-Id` (API.md §1.11). */
  requestId: string;
  /** The parsed JSON object after `parseBody`; `{}` before it, without a body, or for GET/HEAD/OPTIONS. */
  body: Body;
  /** The signed-in user after `requireAuth`/`optionalAuth`; null when anonymous or without auth middleware. */
  viewer: Viewer;
  /** Set by `requireAuth` only (same value as `viewer`, never null there); undefined on other routes. */
  actor: Actor;
  /** True once a content-hashed file of the web app is the answer (a page load fetches a dozen). */
  webAsset?: boolean;
  /** The image's bytes after `readUpload` (POST /uploads, issue 31 §3). */
  upload?: Buffer;
}

declare module 'koa' {
  interface DefaultState extends AppState {}
}
