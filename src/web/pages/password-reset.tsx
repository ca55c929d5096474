import { useState } from 'preact/hooks';
import { requestPasswordReset } from '../api/endpoints.js';
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
      <AccountCard title="Check your inbox">
        <p role="status">If an account exists for {sentTo}, we sent a link to reset its password.</p>
        <p class="muted small">The link works once and expires in 2 hours.</p>
        <a class="button" href="/sign-in">
          Back to sign in
        </a>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Reset your password">
      <p class="muted">Enter your email and we will send you a link to choose a new password.</p>
      <form noValidate onSubmit={submit}>
        <TextField {...form.field('email')} label="Email" type="email" autocomplete="email" required value={email} onValue={setEmail} />
        <FormProblem error={form.formError} />
        <SubmitButton pending={form.pending} label="Send reset link" pendingLabel="Sending…" />
      </form>
      <AccountLinks>
        <span>
          Remembered it? <a href="/sign-in">Sign in</a>
        </span>
      </AccountLinks>
    </AccountCard>
  );
}
