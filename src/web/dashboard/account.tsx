import { useState } from 'preact/hooks';
import { requestPasswordReset } from '../api/endpoints.js';
import { FormProblem, SubmitButton, useSubmission } from '../pages/account-form.js';
import { NotificationMail } from '../pages/notification-mail.js';
import { AccountFacts, NameForm } from '../pages/profile.js';
import { type Session, useSession } from '../session.js';

/** Your account: your name, your email and its confirmation, notification mail, a new password by mail (sign-out is in the header). */
export function AccountPage() {
  // The dashboard shell renders sections only for a signed-in session.
  const session = useSession() as Session;
  return (
    <section aria-labelledby="account-title" class="dashboard-form dashboard-account">
      <h1 id="account-title">Your account</h1>
      <section aria-labelledby="account-profile-title">
        <h2 id="account-profile-title">Profile</h2>
        <NameForm session={session} />
        <AccountFacts user={session.user} />
      </section>
      <NotificationMail class="dashboard-account__part" />
      <PasswordChange email={session.user.email} />
    </section>
  );
}

/**
 * API v1 changes a password only through a mailed reset link (API.md §4.3.5–4.3.7), so a stolen
 * session alone can never change it: the page sends that link to the account's own address.
 */
function PasswordChange({ email }: { email: string }) {
  const form = useSubmission('account-password', []);
  const [sent, setSent] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    setSent(false);
    void form.run(async () => {
      await requestPasswordReset(email);
      setSent(true);
    });
  };
  return (
    <form onSubmit={submit} aria-labelledby="account-password-title" class="dashboard-account__part">
      <h2 id="account-password-title">Password</h2>
      <p>
        To change your password, we email a link to {email}. Open it and choose the new one; every session signed in with
        the old password ends then, this one too.
      </p>
      <FormProblem error={form.formError} />
      <div class="dashboard-form__actions">
        <SubmitButton pending={form.pending} label="Email me a link" pendingLabel="Sending…" />
        <span role="status">{sent ? `Sent. Check the inbox of ${email}.` : ''}</span>
      </div>
    </form>
  );
}
