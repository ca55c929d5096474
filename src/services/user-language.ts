import type { Locale } from '../i18n/locales.js';
import type { Actor, ServiceContext } from './context.js';
import { parseProfileLocale } from './validation/account.js';
import type { Body } from './validation/fields.js';

/** The caller's language (issue 33): what their mails and, on any device, the web app are written in. */
export interface LanguageSetting {
  /** null: none chosen (mails follow the site's `locale`; the web app the browser). */
  locale: Locale | null;
}

/** `GET /auth/language`. */
export function getLanguage(actor: Actor): LanguageSetting {
  return { locale: actor.user.locale ?? null };
}

/**
 * `PATCH /auth/language`: `locale` one of the languages feedbackd speaks, or null/"" for none; an
 * omitted `locale` changes nothing. A route of its own, so LogChimp's profile answers stay as API.md
 * §4.8 writes them.
 */
export async function setLanguage(ctx: ServiceContext, actor: Actor, body: Body): Promise<LanguageSetting> {
  const locale = parseProfileLocale(body.locale);
  if (locale === undefined) return getLanguage(actor);
  const user = await ctx.storage.users.update(actor.user.id, { locale, updatedAt: new Date().toISOString() });
  return { locale: user.locale ?? null };
}
