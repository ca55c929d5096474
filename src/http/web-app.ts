import type { Context, Middleware } from 'koa';
import { basePath } from '../config/public-url.js';
import { appError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import { getSiteSettings } from '../services/settings.js';
import { contentSecurityPolicy } from './content-security.js';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.js';
import { siteLocale } from '../services/mail/mail-locale.js';
import { requestLocale } from './request-locale.js';
import { type Encoded, INDEX_PATH, loadWebFiles, type WebFile, type WebFiles, webFilesUnder } from './web-files.js';

/** The single sign-on landing (issue 28): its address holds a token until the page takes it out. */
const SSO_LANDING = /^\/sso\/?$/i;

/** The widget's panel (issue 29): `/embed` and everything under `/embed/`, in any case; `/embedded` is an ordinary page. */
const EMBED_PAGE = /^\/embed(?:\/|$)/i;

/** Content-hashed assets: a new build has new names, so a cached copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `/api` and everything under `/api/` is the API's, in any case (API.md §1.1). */
export function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === '/api' || lower.startsWith('/api/');
}

/**
 * Answers GET/HEAD outside `/api/` with the web app (the file at that exact path, else its HTML page,
 * so the client app routes deep links); other methods there get the JSON 404 (API.md §1.1).
 */
export function serveWebApp(services: ServiceContext, webDir: string): Middleware {
  const files = webFilesUnder(loadWebFiles(webDir), basePath(services.config.publicUrl));
  const html = files.get(INDEX_PATH);
  if (!html) services.logger.warn({ webDir }, 'web app not built: run npm run build');
  return async (ctx, next) => {
    if (isApiPath(ctx.path)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw appError('NOT_FOUND');
    const asset = files.get(ctx.path);
    if (asset && !isPage(asset)) {
      ctx.state.webAsset = asset.immutable;
      sendFile(ctx, asset);
      return;
    }
    if (!html) throw appError('NOT_FOUND');
    // Settings are read for pages only: assets never wait on the database.
    const settings = await siteSettingsForPage(services);
    const page = pageIn(files, html, pageLocale(ctx, settings));
    ctx.set(pageSecurityHeaders(settings, EMBED_PAGE.test(ctx.path)));
    ctx.vary('Accept-Language');
    ctx.vary('Cookie');
    ctx.state.webAsset = page.immutable;
    if (SSO_LANDING.test(ctx.path)) sendLanding(ctx, page);
    else sendFile(ctx, page);
  };
}

/**
 * The landing's address holds a token: no Referer for anything the page loads (its own assets
 * included), and no copy kept by the browser or a proxy, so no ETag and never a 304.
 */
function sendLanding(ctx: Context, file: WebFile): void {
  const [encoding, variant] = chooseEncoding(ctx, file);
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cache-Control', 'no-store');
  if (file.brotli || file.gzip) ctx.vary('Accept-Encoding');
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.status = 200;
  ctx.body = variant.body;
  ctx.type = file.type;
}

/**
 * Headers of the HTML page; the policy follows the current logo, icon, `gravatar` and `embedOrigins`,
 * so settings are read per page. An embed page has no X-Frame-Options: `DENY` would win over its
 * `frame-ancestors` in browsers that read both, and `SAMEORIGIN` cannot name the allowed sites.
 */
function pageSecurityHeaders(settings: PageSettings, embed: boolean): Record<string, string> {
  const policy = contentSecurityPolicy(settings, embed);
  const headers: Record<string, string> = { 'Content-Security-Policy': policy, 'Referrer-Policy': 'same-origin' };
  if (!embed) headers['X-Frame-Options'] = 'DENY';
  return headers;
}

const isPage = (file: WebFile): boolean => file.type.startsWith('text/html');

/** What the page's headers and language follow. */
type PageSettings = Parameters<typeof contentSecurityPolicy>[0] & { locale?: string };

async function siteSettingsForPage(services: ServiceContext): Promise<PageSettings> {
  try {
    return await getSiteSettings(services);
  } catch (err) {
    // Without settings the page still loads (and shows the API's own error); only the logo may be
    // blocked. Gravatar is left out too: a board that turned it off never has it allowed by accident
    // (the app shows initials until it has read the settings anyway), and an embed page may then be
    // framed by the site itself only.
    services.logger.warn({ err }, 'site settings unavailable for the page');
    return { logo: null, icon: null, gravatar: false, embedOrigins: [] };
  }
}

/** The page's language (issue 33): the visitor's choice, else their browser's, else the site's `locale`. */
function pageLocale(ctx: Context, settings: PageSettings): Locale {
  return requestLocale(ctx) ?? siteLocale(settings);
}

/**
 * The HTML page in one language (`index.<locale>.html`, made by the build), English's when the build
 * has no such page. The answer varies with the cookie and `Accept-Language` it was chosen by.
 */
function pageIn(files: WebFiles, english: WebFile, locale: Locale): WebFile {
  return (locale === DEFAULT_LOCALE ? undefined : files.get(`/index.${locale}.html`)) ?? english;
}

/** The file in the chosen encoding, or 304 when the client's copy (If-None-Match) is current. */
function sendFile(ctx: Context, file: WebFile): void {
  const [encoding, variant] = chooseEncoding(ctx, file);
  ctx.status = 200;
  ctx.set('Cache-Control', file.immutable ? IMMUTABLE : 'no-cache');
  ctx.set('ETag', variant.etag);
  if (file.brotli || file.gzip) ctx.vary('Accept-Encoding');
  // `fresh` compares If-None-Match with the ETag just set; it needs the 200 above.
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = variant.body;
  ctx.type = file.type;
}

/**
 * br, then gzip, then identity: the first the client accepts at all. The server's order wins over the
 * client's (browsers list gzip before br, and brotli files are the smaller ones).
 */
function chooseEncoding(ctx: Context, file: WebFile): [string, Encoded] {
  if (file.brotli && ctx.acceptsEncodings('br') === 'br') return ['br', file.brotli];
  if (file.gzip && ctx.acceptsEncodings('gzip') === 'gzip') return ['gzip', file.gzip];
  return ['identity', file];
}
