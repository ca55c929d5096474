import { useState } from 'preact/hooks';
import { requestPasswordReset } from '../api/endpoints.js';
import { t, tx } from '../i18n/t.js';
import { TextField } from '../components/text-field.js';
import { AccountCard, AccountLinks } from './account-card.js';
import { emailProblem } from './account-checks.js';
import { FormProblem, SubmitButton, useSubmission } from './account-form.js';

const FIELDS = ['email'] as const;

/** Asks for a password reset link; the answer never tells whether the account exists. */
export function PasswordResetPage() {
  const form = useSubmission('password-reset', FIELDS);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(
      async () => {
        await requestPasswordReset(email.trim());
        setSentTo(email.trim());
      },
      { email: emailProblem(email) },
    );
  };
  if (sentTo) {
    return (
      <AccountCard title={t('account.checkInbox')}>
        <p role="status">{t('account.resetSent', { email: sentTo })}</p>
        <p class="muted small">{t('account.resetLinkWorksOnce')}</p>
        <a class="button" href="/sign-in">
          {t('account.backToSignIn')}
        </a>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('account.resetTitle')}>
      <p class="muted">{t('account.resetIntro')}</p>
      <form noValidate onSubmit={submit}>
        <TextField {...form.field('email')} label={t('account.email')} type="email" autocomplete="email" required value={email} onValue={setEmail} />
        <FormProblem error={form.formError} />
        <SubmitButton pending={form.pending} label={t('account.sendResetLink')} pendingLabel={t('account.sending')} />
      </form>
      <AccountLinks>
        <span>{tx('account.rememberedIt', { link: <a href="/sign-in">{t('common.signIn')}</a> })}</span>
      </AccountLinks>
    </AccountCard>
  );
}
