import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales.js';

/**
 * The site's default language (its `locale` setting, issue 33), English when it has none: settings
 * written before the setting existed lack it, and so does a value no longer among the languages.
 */
export function siteLocale(settings: { locale?: unknown }): Locale {
  return isLocale(settings.locale) ? settings.locale : DEFAULT_LOCALE;
}

/** The language of a mail to a person: the one they chose, else the site's, else English. */
export function mailLocale(recipient: { locale?: Locale | null } | undefined, settings: { locale?: unknown }): Locale {
  const chosen = recipient?.locale;
  return isLocale(chosen) ? chosen : siteLocale(settings);
}
