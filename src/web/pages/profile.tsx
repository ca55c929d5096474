import { useLocation } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { updateProfile } from '../api/endpoints.js';
import type { Profile } from '../api/types.js';
import { Skeleton } from '../components/skeleton.js';
import { TextField } from '../components/text-field.js';
import { mayOpenDashboard } from '../dashboard-access.js';
import { t, tx } from '../i18n/t.js';
import { endSession, type Session, sessionStore, useSession } from '../session.js';
import { signInHref } from '../sign-in-link.js';
import { AccountCard } from './account-card.js';
import { FormProblem, SubmitButton, useSubmission } from './account-form.js';
import { ResendVerification } from './account-resend.js';
import { NotificationMail } from './notification-mail.js';
import { ProfileIdeas } from './profile-ideas.js';
import { LanguageForm } from './profile-language.js';
import { ProfileSignIn } from './profile-sign-in.js';

/**
 * The signed-in visitor's name (editable), username, email and its confirmation, notification
 * mail and sign-out; below, the ideas they posted and voted for.
 */
export function ProfilePage() {
  const session = useSession();
  if (session === undefined) {
    return (
      <AccountCard title={t('common.yourProfile')}>
        <Skeleton rows={2} label={t('account.loadingProfile')} />
      </AccountCard>
    );
  }
  if (session === null) {
    return (
      <AccountCard title={t('common.yourProfile')}>
        <p>{t('account.signInForProfile')}</p>
        <a class="button button--primary" href={signInHref('/profile')}>
          {t('common.signIn')}
        </a>
      </AccountCard>
    );
  }
  return (
    <>
      <AccountCard title={t('common.yourProfile')}>
        <NameForm session={session} />
        <AccountFacts user={session.user} />
        <LanguageForm current={session.locale} />
        <ProfileSignIn />
        <NotificationMail class="account-mail" />
        {mayOpenDashboard(session) && (
          <p>{tx('account.openDashboard', { link: <a href="/dashboard">{t('account.openDashboardLink')}</a> })}</p>
        )}
        <SignOut />
      </AccountCard>
      <ProfileIdeas userId={session.user.userId} />
    </>
  );
}

const FIELDS = ['name'] as const;

/** The name form, also on the dashboard's account page. */
export function NameForm({ session }: { session: Session }) {
  const form = useSubmission('profile', FIELDS);
  const [name, setName] = useState(session.user.name);
  const [saved, setSaved] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    setSaved(false);
    void form.run(async () => {
      const updated = await updateProfile(name.trim());
      // The header shows the name too; the PATCH answer has no isVerified, so merge.
      sessionStore.set({ ...session, user: { ...session.user, ...updated } });
      setName(updated.name);
      setSaved(true);
    });
  };
  const edit = (value: string) => {
    setName(value);
    setSaved(false);
  };
  return (
    <form noValidate onSubmit={submit}>
      <TextField {...form.field('name')} label={t('account.name')} hint={t('account.nameHint')} type="text" autocomplete="name" value={name} onValue={edit} />
      <FormProblem error={form.formError} />
      <div class="form-actions">
        <SubmitButton pending={form.pending} label={t('account.save')} pendingLabel={t('account.saving')} />
        <span class="muted small" role="status">
          {saved ? t('account.saved') : ''}
        </span>
      </div>
    </form>
  );
}

/** Username and email with its confirmation state, also on the dashboard's account page. */
export function AccountFacts({ user }: { user: Profile }) {
  return (
    <>
      <dl class="account-facts">
        <div>
          <dt>{t('account.username')}</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>{t('account.email')}</dt>
          <dd>
            <span>{user.email}</span>
            <span class={`account-status small${user.isVerified ? ' account-status--ok' : ''}`}>
              {user.isVerified ? t('account.confirmed') : t('account.notConfirmed')}
            </span>
          </dd>
        </div>
      </dl>
      {!user.isVerified && <ResendVerification email={user.email} label={t('account.sendConfirmation')} />}
    </>
  );
}

function SignOut() {
  const location = useLocation();
  const signOut = () => {
    endSession();
    location.route('/');
  };
  return (
    <div class="account-signout">
      <button type="button" class="button" onClick={signOut}>
        {t('common.signOut')}
      </button>
    </div>
  );
}
