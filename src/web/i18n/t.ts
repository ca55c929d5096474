// The web app's words (issue 33): `t('board.search')` in the language the page was served in.
// The server names that language in `<html lang>` (a per-language copy of index.html) and the build
// makes one complete catalogue per language (English fills any gap, never a key name), which
// main.tsx loads before the first render; so every `t()` here is a plain, synchronous lookup.
import type { ComponentChild } from 'preact';
import { type Catalogue, type Message, type MessageParams, formatMessage } from '../../i18n/messages.js';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales.js';
import type { en } from './catalogue/en/index.js';

export type MessageKey = keyof typeof en;

/** The language of this page, as the server served it (English outside a browser, for unit tests). */
export const locale: Locale = pageLocale();

let messages: Catalogue = {};

function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Installs the catalogue main.tsx loaded (tests install English). */
export function installCatalogue(catalogue: Catalogue): void {
  messages = catalogue;
}

/** A message as text: `t('post.votes', { count: 3 })` → "3 votes". */
export function t(key: MessageKey, params?: MessageParams): string {
  const message: Message | undefined = messages[key];
  // The build fills every catalogue from English; an empty one means main.tsx has not loaded it yet.
  return message === undefined ? '' : formatMessage(locale, message, params);
}

/**
 * A message with parts that are not text, such as a link inside a sentence:
 * `tx('account.terms', { link: <a href="/terms">{t('account.termsLink')}</a> })`. Word order stays the
 * translator's; each `{name}` given here becomes that part.
 */
export function tx(key: MessageKey, parts: Record<string, ComponentChild>, params?: MessageParams): ComponentChild[] {
  const text = t(key, params);
  const pieces: ComponentChild[] = [];
  let last = 0;
  for (const match of text.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)) {
    const name = match[1]!;
    if (!(name in parts)) continue;
    pieces.push(text.slice(last, match.index), parts[name]);
    last = match.index + match[0].length;
  }
  pieces.push(text.slice(last));
  return pieces.filter((piece) => piece !== '');
}
