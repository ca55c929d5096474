import { useLocation } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { checkResetToken, setPassword } from '../api/endpoints.js';
import { ErrorNotice, messageOf } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { TextField } from '../components/text-field.js';
import { t } from '../i18n/t.js';
import { endSession } from '../session.js';
import { useLoad } from '../use-load.js';
import { AccountCard } from './account-card.js';
import { newPasswordProblem, passwordHint } from './account-checks.js';
import { FormProblem, SubmitButton, useSubmission } from './account-form.js';

const FIELDS = ['password'] as const;

/** A token the API refuses: the link is unknown, used or expired (API.md §4.3.6). */
const isDeadLink = (error: unknown) =>
  error instanceof ApiError && (error.code === 'INVALID_TOKEN' || error.code === 'MISSING_TOKEN');

/** The page a reset mail links to: checks the link first, then takes the new password. */
export function PasswordResetConfirmPage() {
  const location = useLocation();
  const token = location.query.token ?? '';
  const check = useLoad(() => checkResetToken(token), [token]);
  const [changed, setChanged] = useState(false);

  if (changed) return <PasswordChanged />;
  if (check.error && isDeadLink(check.error)) return <DeadLink error={check.error} />;
  if (check.error) {
    return (
      <AccountCard title={t('account.newPasswordTitle')}>
        <ErrorNotice error={check.error} onRetry={check.reload} />
      </AccountCard>
    );
  }
  if (check.loading) {
    return (
      <AccountCard title={t('account.newPasswordTitle')}>
        <Skeleton rows={1} label={t('account.checkingLink')} />
      </AccountCard>
    );
  }
  return <NewPasswordForm token={token} onChanged={() => setChanged(true)} />;
}

function NewPasswordForm({ token, onChanged }: { token: string; onChanged: () => void }) {
  const form = useSubmission('new-password', FIELDS);
  const [password, setValue] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(
      async () => {
        await setPassword(token, password);
        // The API has just invalidated every token of this account, this device's included.
        endSession();
        onChanged();
      },
      { password: newPasswordProblem(password) },
    );
  };
  if (isDeadLink(form.error)) return <DeadLink error={form.error} />;
  return (
    <AccountCard title={t('account.newPasswordTitle')}>
      <form noValidate onSubmit={submit}>
        <TextField
          {...form.field('password')}
          label={t('account.newPassword')}
          hint={passwordHint(form.field('password').error)}
          type="password"
          autocomplete="new-password"
          required
          value={password}
          onValue={setValue}
        />
        <FormProblem error={form.formError} />
        <SubmitButton pending={form.pending} label={t('account.setPassword')} pendingLabel={t('account.settingPassword')} />
      </form>
    </AccountCard>
  );
}

function DeadLink({ error }: { error: unknown }) {
  return (
    <AccountCard title={t('account.newPasswordTitle')}>
      <div class="notice notice--error" role="alert">
        <p>{messageOf(error)}</p>
      </div>
      <p>{t('account.resetLinkLifetime')}</p>
      <a class="button button--primary" href="/password-reset">
        {t('account.requestNewLink')}
      </a>
    </AccountCard>
  );
}

function PasswordChanged() {
  return (
    <AccountCard title={t('account.passwordChangedTitle')}>
      <p role="status">{t('account.passwordChanged')}</p>
      <a class="button button--primary" href="/sign-in">
        {t('common.signIn')}
      </a>
    </AccountCard>
  );
}
