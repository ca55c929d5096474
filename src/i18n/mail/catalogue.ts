// The mail catalogue of every language, and the one function mails take their words from. All are
// imported: the server is one process, and a mail may go to anyone in any language.
import { DEFAULT_LOCALE, type Locale } from '../locales.js';
import { type Catalogue, completeCatalogue, formatMessage, type Message, type MessageParams } from '../messages.js';
import { ar } from './ar.js';
import { de } from './de.js';
import { en, type MailKey } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { ptBR } from './pt-BR.js';
import { tr } from './tr.js';
import { uk } from './uk.js';
import { zhCN } from './zh-CN.js';

export type { MailKey } from './en.js';

/** A translation of the mail catalogue: every key of the English source (the compiler checks it). */
export type MailTranslation = Readonly<Record<MailKey, Message>>;

/** Each language's catalogue as written, for the catalogue checks. */
export const MAIL_TRANSLATIONS: Readonly<Record<Locale, Partial<Catalogue>>> = {
  en,
  de,
  fr,
  es,
  'pt-BR': ptBR,
  it,
  nl,
  pl,
  uk,
  ja,
  'zh-CN': zhCN,
  ko,
  tr,
  ar,
};

const complete = new Map<Locale, Catalogue>();

function catalogueOf(locale: Locale): Catalogue {
  const found = complete.get(locale) ?? completeCatalogue(en, MAIL_TRANSLATIONS[locale] ?? MAIL_TRANSLATIONS[DEFAULT_LOCALE]);
  complete.set(locale, found);
  return found;
}

/** A mail's words in `locale`: the message filled in (plural by `params.count`, numbers in the language's way). */
export function mailText(locale: Locale, key: MailKey, params: MessageParams = {}): string {
  return formatMessage(locale, catalogueOf(locale)[key] ?? en[key], params);
}
