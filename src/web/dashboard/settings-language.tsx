import { useState } from 'preact/hooks';
import { LOCALE_NAMES, type Locale, LOCALES } from '../../i18n/locales.js';
import { updateSettings } from '../api/endpoints.js';
import type { Settings, SiteTextKey, SiteTexts } from '../api/types.js';
import { Field } from '../components/field.js';
import { TextField } from '../components/text-field.js';
import { useSubmission } from '../pages/account-form.js';
import { siteStore } from '../site.js';
import { SaveRow, useDraft } from './form-parts.js';

/** The API's longest overrides (site setting `texts`). */
const MAX_WELCOME = 500;
const MAX_HINT = 200;

const FIELDS = ['locale', 'texts'] as const;

/**
 * Issue 33: the site's default language, and the owner's own words per language. One language's
 * words are shown at a time (a picker above them); the draft keeps every language's, so switching
 * loses nothing, and saving sends them all, as the API replaces the whole `texts` object.
 */
export function LanguageSettings({ settings }: { settings: Settings }) {
  const form = useSubmission('settings-language', FIELDS);
  const { draft, edit, saved, setSaved } = useDraft({ locale: settings.locale, texts: settings.texts });
  const [editing, setEditing] = useState<Locale>(settings.locale);
  const words = draft.texts[editing] ?? {};
  const editWord = (key: SiteTextKey, value: string) => edit({ texts: { ...draft.texts, [editing]: { ...words, [key]: value } } });
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      const stored = await updateSettings({ locale: draft.locale, texts: draft.texts });
      // The public pages follow at once (the home page's welcome, the new-post hint).
      const site = siteStore.get();
      if (site) siteStore.set({ ...site, settings: stored });
      setSaved(true);
    });
  };
  const texts = form.field('texts');
  return (
    <form class="dashboard-form" onSubmit={submit} aria-labelledby="settings-language-title" noValidate>
      <h2 id="settings-language-title">Language</h2>
      <LanguageSelect
        {...form.field('locale')}
        label="Default language"
        hint="The public pages' language for visitors whose browser asks for none of feedbackd's languages. Each visitor can still choose their own."
        value={draft.locale}
        onChange={(locale) => edit({ locale })}
        marked={{}}
      />
      <fieldset class="settings-language__words">
        <legend>Your own words</legend>
        <p class="settings-language__intro">
          Replace the site's words for visitors who see it in one language. Empty fields keep the defaults: the description, and feedbackd's own hint in that
          language.
        </p>
        <LanguageSelect
          id={texts.id}
          error={texts.error}
          label="Words for"
          value={editing}
          onChange={setEditing}
          marked={Object.fromEntries(LOCALES.filter((locale) => hasWords(draft.texts, locale)).map((locale) => [locale, true]))}
        />
        <Field id="settings-language-welcome" label="Welcome text" hint={`On the home page, under the title, instead of the description. At most ${MAX_WELCOME} characters.`}>
          {(describedBy, invalid) => (
            <textarea
              id="settings-language-welcome"
              rows={3}
              maxLength={MAX_WELCOME}
              lang={editing}
              dir="auto"
              value={words.welcome ?? ''}
              placeholder={settings.description ?? ''}
              onInput={(event) => editWord('welcome', event.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <TextField
          id="settings-language-hint"
          label="New-post hint"
          type="text"
          hint={`Under the title field of the new-post form. At most ${MAX_HINT} characters.`}
          maxLength={MAX_HINT}
          value={words.newPostHint ?? ''}
          onValue={(value) => editWord('newPostHint', value)}
        />
      </fieldset>
      <SaveRow form={form} label="Save language" saved={saved} />
    </form>
  );
}

/** Whether the owner has written any of the site's words in this language. */
function hasWords(texts: SiteTexts, locale: Locale): boolean {
  return Object.values(texts[locale] ?? {}).some((text) => text.trim() !== '');
}

interface LanguageSelectProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  value: Locale;
  onChange: (locale: Locale) => void;
  /** Languages whose option says the owner's words are set for it. */
  marked: Partial<Record<Locale, true>>;
}

/** Every language by its own name (as a visitor would look for it), English's tag beside it. */
function LanguageSelect({ id, label, hint, error, value, onChange, marked }: LanguageSelectProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(describedBy, invalid) => (
        <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value as Locale)} aria-describedby={describedBy} aria-invalid={invalid}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {`${LOCALE_NAMES[locale]} (${locale})${marked[locale] ? ' · your words' : ''}`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
