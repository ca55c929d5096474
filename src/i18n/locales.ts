// The languages feedbackd speaks (issue 33). Shared by the server (mails, the page's `<html lang>`)
// and the web app (its language menu), so both always agree on the list.

/** English is the source; every other catalogue translates it. Tags are BCP 47, as `<html lang>` takes them. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'it', 'nl', 'pl', 'uk', 'ja', 'zh-CN', 'ko', 'tr', 'ar'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself: a visitor looks for their own language's name, not its English one. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  uk: 'Українська',
  ja: '日本語',
  'zh-CN': '简体中文',
  ko: '한국어',
  tr: 'Türkçe',
  ar: 'العربية',
};

const RIGHT_TO_LEFT = new Set<string>(['ar']);

export function direction(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Tags that name one of ours under another spelling: the script or region a catalogue was written for. */
const ALIASES: Record<string, Locale> = {
  pt: 'pt-BR',
  zh: 'zh-CN',
  'zh-hans': 'zh-CN',
  'zh-sg': 'zh-CN',
  'zh-hans-cn': 'zh-CN',
};

/**
 * The catalogue for a language tag, in any case: an exact match, an alias, else the language alone
 * (`de-AT` → `de`, `fr-CA` → `fr`). Traditional Chinese and European Portuguese get nothing rather
 * than a neighbour's script or spelling, so the next preference (or English) wins.
 */
export function toLocale(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  if (ALIASES[lower]) return ALIASES[lower];
  const [language] = lower.split('-');
  if (language === 'zh' || language === 'pt') return lower.includes('-') ? null : ALIASES[language]!;
  return LOCALES.find((locale) => locale.toLowerCase() === language) ?? null;
}

/** The best of ours for an `Accept-Language` header (RFC 9110 §12.5.4: by weight, then by order), or null. */
export function fromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((range) => range.tag && range.tag !== '*' && Number.isFinite(range.weight) && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const range of ranges) {
    const locale = toLocale(range.tag);
    if (locale) return locale;
  }
  return null;
}

/** The cookie that remembers a visitor's choice from the language menu (read by the server for the first paint). */
export const LOCALE_COOKIE = 'feedbackd_locale';
