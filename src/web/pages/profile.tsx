import { useLocation } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { updateProfile } from '../api/endpoints.js';
import type { Profile } from '../api/types.js';
import { Skeleton } from '../components/skeleton.js';
import { TextField } from '../components/text-field.js';
import { mayOpenDashboard } from '../dashboard-access.js';
import { endSession, type Session, sessionStore, useSession } from '../session.js';
import { signInHref } from '../sign-in-link.js';
import { AccountCard } from './account-card.js';
import { FormProblem, SubmitButton, useSubmission } from './account-form.js';
import { ResendVerification } from './account-resend.js';
import { NotificationMail } from './notification-mail.js';
import { ProfileIdeas } from './profile-ideas.js';
import { ProfileSignIn } from './profile-sign-in.js';

const TITLE = 'Your profile';

/**
 * The signed-in visitor's name (editable), username, email and its confirmation, notification
 * mail and sign-out; below, the ideas they posted and voted for.
 */
export function ProfilePage() {
  const session = useSession();
  if (session === undefined) {
    return (
      <AccountCard title={TITLE}>
        <Skeleton rows={2} label="Loading your profile" />
      </AccountCard>
    );
  }
  if (session === null) {
    return (
      <AccountCard title={TITLE}>
        <p>Sign in to see and change your profile.</p>
        <a class="button button--primary" href={signInHref('/profile')}>
          Sign in
        </a>
      </AccountCard>
    );
  }
  return (
    <>
      <AccountCard title={TITLE}>
        <NameForm session={session} />
        <AccountFacts user={session.user} />
        <ProfileSignIn />
        <NotificationMail class="account-mail" />
        {mayOpenDashboard(session) && (
          <p>
            <a href="/dashboard">Open the dashboard</a> to run the board.
          </p>
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
      <TextField {...form.field('name')} label="Name" hint="Shown next to your ideas and comments." type="text" autocomplete="name" value={name} onValue={edit} />
      <FormProblem error={form.formError} />
      <div class="form-actions">
        <SubmitButton pending={form.pending} label="Save" pendingLabel="Saving…" />
        <span class="muted small" role="status">
          {saved ? 'Saved.' : ''}
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
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <span>{user.email}</span>
            <span class={`account-status small${user.isVerified ? ' account-status--ok' : ''}`}>
              {user.isVerified ? 'Confirmed' : 'Not confirmed yet'}
            </span>
          </dd>
        </div>
      </dl>
      {!user.isVerified && <ResendVerification email={user.email} label="Send a new confirmation link" />}
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
        Sign out
      </button>
    </div>
  );
}
