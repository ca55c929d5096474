import type { Context } from 'koa';
import { fromAcceptLanguage, LOCALE_COOKIE, type Locale, toLocale } from '../i18n/locales.js';

/**
 * The language a request asks for (issue 33): the visitor's choice from the language menu (a cookie),
 * else their browser's `Accept-Language`; null when neither names one of ours (the caller falls back
 * to the site's `locale`).
 */
export function requestLocale(ctx: Context): Locale | null {
  const chosen = ctx.cookies.get(LOCALE_COOKIE);
  return (chosen ? toLocale(chosen) : null) ?? fromAcceptLanguage(ctx.get('Accept-Language'));
}
