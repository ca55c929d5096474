import { avatarUrl } from '../services/accounts.js';
import { isSafeOrigin } from '../services/validation/embed-origins.js';

/** Taken from the avatar URLs themselves, so the policy follows accounts.ts if avatars move. */
const AVATAR_ORIGIN = new URL(avatarUrl('')).origin;

/** The origin of an http(s) URL that is safe to put in the header, else null. */
export function imageOrigin(url: string | null): string | null {
  if (url === null || !URL.canParse(url)) return null;
  const { protocol, origin } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return null;
  return isSafeOrigin(origin) ? origin : null;
}

/** What of the site settings the policy depends on (the shape of `GET /settings/site`). */
export interface PolicySettings {
  logo: string | null;
  icon: string | null;
  /** Avatars from Gravatar: false leaves its origin out of `img-src`. */
  gravatar: boolean;
  /** The origins that may frame the widget's panel; only an embed page's policy names them. */
  embedOrigins: readonly string[];
}

/** Who may frame a page: no one (`null`), or the site itself and these origins (an `/embed/…` page). */
type FrameAncestors = readonly string[] | null;

/** The policies for the last settings, by page kind (settings change rarely, so the last answer is kept). */
const last = new Map<'page' | 'embed', { key: string; policy: string }>();

/**
 * The Content-Security-Policy of the web app's HTML: its own files only, images also from the
 * site's logo and icon, and from Gravatar while the site's `gravatar` setting is on. An embed page
 * (`embed` true) may be framed by the site itself (the dashboard's preview) and `embedOrigins`;
 * every other page by no one.
 */
export function contentSecurityPolicy({ logo, icon, gravatar, embedOrigins }: PolicySettings, embed = false): string {
  const ancestors: FrameAncestors = embed ? embedOrigins.filter(isSafeOrigin) : null;
  const key = JSON.stringify([logo, icon, gravatar, ancestors]);
  const kind = embed ? 'embed' : 'page';
  let cached = last.get(kind);
  if (cached?.key !== key) {
    cached = { key, policy: buildPolicy([logo, icon], gravatar, ancestors) };
    last.set(kind, cached);
  }
  return cached.policy;
}

function buildPolicy(imageUrls: Array<string | null>, gravatar: boolean, ancestors: FrameAncestors): string {
  const origins = new Set<string>(gravatar ? [AVATAR_ORIGIN] : []);
  for (const url of imageUrls) {
    const origin = imageOrigin(url);
    if (origin) origins.add(origin);
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${["'self'", ...origins].join(' ')}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    ancestors === null ? "frame-ancestors 'none'" : `frame-ancestors ${["'self'", ...ancestors].join(' ')}`,
    "manifest-src 'self'",
  ].join('; ');
}
