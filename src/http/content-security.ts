import { avatarUrl } from '../services/accounts.js';

/** Taken from the avatar URLs themselves, so the policy follows accounts.ts if avatars move. */
const AVATAR_ORIGIN = new URL(avatarUrl('')).origin;

/**
 * What an origin may look like in the header. `new URL` keeps `;`, `,`, `'` and `*` in host names,
 * any of which could end a source or a directive, so an origin is only used when it matches this.
 */
const SAFE_ORIGIN = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin of an http(s) URL that is safe to put in the header, else null. */
export function imageOrigin(url: string | null): string | null {
  if (url === null || !URL.canParse(url)) return null;
  const { protocol, origin } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return null;
  return SAFE_ORIGIN.test(origin) ? origin : null;
}

/** What of the site settings the policy depends on (the shape of `GET /settings/site`). */
export interface PolicySettings {
  logo: string | null;
  icon: string | null;
  /** Avatars from Gravatar: false leaves its origin out of `img-src`. */
  gravatar: boolean;
}

/** The policy for the last settings (they change rarely, so the last answer is kept). */
let last: { key: string; policy: string } | undefined;

/**
 * The Content-Security-Policy of the web app's HTML: its own files only, images also from the
 * site's logo and icon, and from Gravatar while the site's `gravatar` setting is on.
 */
export function contentSecurityPolicy({ logo, icon, gravatar }: PolicySettings): string {
  const key = JSON.stringify([logo, icon, gravatar]);
  if (last?.key !== key) last = { key, policy: buildPolicy([logo, icon], gravatar) };
  return last.policy;
}

function buildPolicy(imageUrls: Array<string | null>, gravatar: boolean): string {
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
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join('; ');
}
