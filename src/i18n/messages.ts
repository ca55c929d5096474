// Messages and how they are filled in: `{name}` placeholders, and plural forms chosen by
// Intl.PluralRules, so each language's own grammar (Polish "few"/"many", Arabic's six forms) is kept
// without a message-format library in the visitor's first load.

/** A message with a count: one text per plural category the language has (`other` always). */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export type Message = string | PluralMessage;

export type Catalogue = Record<string, Message>;

/** Values put into placeholders; numbers are written in the language's own way ("1.234" in German). */
export type MessageParams = Record<string, string | number>;

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesFor(locale: string): Intl.PluralRules {
  const rules = pluralRules.get(locale) ?? new Intl.PluralRules(locale);
  pluralRules.set(locale, rules);
  return rules;
}

export function formatNumber(locale: string, value: number): string {
  const format = numberFormats.get(locale) ?? new Intl.NumberFormat(locale);
  numberFormats.set(locale, format);
  return format.format(value);
}

/** The text of a plural message for `count` (its `other` form when the language's category is missing). */
export function pluralText(locale: string, message: PluralMessage, count: number): string {
  return message[rulesFor(locale).select(count)] ?? message.other;
}

/** A message filled in: plural form by `params.count`, then every `{name}` replaced (unknown ones left as written). */
export function formatMessage(locale: string, message: Message, params: MessageParams = {}): string {
  const text = typeof message === 'string' ? message : pluralText(locale, message, Number(params.count ?? 0));
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(locale, value) : value;
  });
}

/** The placeholder names of a message (every form of a plural one), for the catalogue checks. */
export function placeholdersOf(message: Message): Set<string> {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  const names = new Set<string>();
  for (const text of texts) for (const match of (text ?? '').matchAll(PLACEHOLDER)) names.add(match[1]!);
  return names;
}

/** The plural categories a language uses ("one"/"other" in English; six in Arabic). */
export function pluralCategories(locale: string): Intl.LDMLPluralRule[] {
  return rulesFor(locale).resolvedOptions().pluralCategories as Intl.LDMLPluralRule[];
}

/**
 * A translation made whole over its source: every key of `source`, in the translation's words where
 * it has them and the source's where not (so a missing key shows English, never its name); keys the
 * source no longer has are dropped.
 */
export function completeCatalogue(source: Catalogue, translation: Partial<Catalogue>): Catalogue {
  return Object.fromEntries(Object.entries(source).map(([key, message]) => [key, translation[key] ?? message]));
}
