import { useState } from 'preact/hooks';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../i18n/locales.js';
import { setLanguage } from '../api/endpoints.js';
import { Field } from '../components/field.js';
import { switchLanguage } from '../i18n/choose.js';
import { t } from '../i18n/t.js';
import { FormProblem, SubmitButton, useSubmission } from './account-form.js';

/** No field of its own: any refusal is shown above the button. */
const NO_FIELDS = [] as const;

/**
 * The account's language (issue 33): kept with the account, so its mail follows it too, and this
 * browser switches to it at once ("Browser's language" goes back to what the browser asks for).
 */
export function LanguageForm({ current }: { current: string | null | undefined }) {
  const form = useSubmission('language', NO_FIELDS);
  const [choice, setChoice] = useState(isLocale(current) ? current : '');
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      const locale = isLocale(choice) ? choice : null;
      await setLanguage(locale);
      switchLanguage(locale);
    });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Field id="language-locale" label={t('common.language')}>
        {(describedBy) => (
          <select id="language-locale" name="locale" value={choice} aria-describedby={describedBy} onChange={(event) => setChoice(event.currentTarget.value)}>
            <option value="">{t('account.browserLanguage')}</option>
            {LOCALES.map((locale) => (
              // Each name in its own language, marked so, so a screen reader says it rightly.
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormProblem error={form.formError} />
      <div class="form-actions">
        <SubmitButton pending={form.pending} label={t('account.changeLanguage')} pendingLabel={t('account.saving')} />
      </div>
    </form>
  );
}
