// The shape of a translation (../catalogue/<locale>/<part>.ts): English's keys, each in the language's own
// words. Plural messages give the categories Intl.PluralRules has for the language (test/web/catalogues.test.ts).
import type { Message } from '../../../i18n/messages.js';
import type { MessageKey } from '../t.js';

export type Translation = Partial<Record<MessageKey, Message>>;
