import { useLocation } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { signUp } from '../api/endpoints.js';
import { useFormGuard } from '../components/form-guard.js';
import { Skeleton } from '../components/skeleton.js';
import { TextField } from '../components/text-field.js';
import { t, tx } from '../i18n/t.js';
import { startSession, useSession } from '../session.js';
import { useSite } from '../site.js';
import { AccountCard, AccountLinks } from './account-card.js';
import { ProviderButtons } from './provider-buttons.js';
import { ApiError } from '../api/client.js';
import { emailProblem, newPasswordProblem, passwordHint } from './account-checks.js';
import { FormProblem, SubmitButton, useSubmission, withSubmitFlag } from './account-form.js';
import { castPendingVote, pendingVote, returnQuery, safeNext } from './account-return.js';

const FIELDS = ['name', 'email', 'password'] as const;

/** A new account: name, email, password; then a word about the confirmation mail. */
export function SignUpPage() {
  const location = useLocation();
  const site = useSite();
  const session = useSession();
  const next = safeNext(location.query.next);
  const vote = pendingVote(location.query.vote);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  if (sentTo) return <CheckInbox email={sentTo} next={next} />;
  if (!site) return <Skeleton rows={1} label={t('account.loading')} />;
  if (!site.settings.allowSignup) return <SignUpClosed query={returnQuery(next, vote)} />;
  if (session && !submitted) return <AlreadyHaveAccount next={next} />;
  return <SignUpForm next={next} vote={vote} onSubmit={setSubmitted} onSignedUp={setSentTo} />;
}

interface SignUpFormProps {
  next: string;
  vote: string | null;
  onSubmit: (running: boolean) => void;
  onSignedUp: (email: string) => void;
}

function SignUpForm({ next, vote, onSubmit, onSignedUp }: SignUpFormProps) {
  const form = useSubmission('sign-up', FIELDS);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const guard = useFormGuard();
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(
      () =>
        withSubmitFlag(onSubmit, async () => {
          const user = await signUp(email.trim(), password, name.trim(), await guard.fields());
          await startSession(user);
          // The account exists either way; a vote that fails to count is visible on the board.
          await castPendingVote(vote).catch(() => undefined);
          onSignedUp(user.email);
        }),
      { email: emailProblem(email), password: newPasswordProblem(password) },
    );
  };
  const exists = form.error instanceof ApiError && form.error.code === 'USER_EXISTS';
  return (
    <AccountCard title={t('account.createAccountTitle')}>
      <ProviderButtons next={next} />
      <form noValidate onSubmit={submit}>
        <TextField {...form.field('name')} label={t('account.nameOptional')} type="text" autocomplete="name" value={name} onValue={setName} />
        <TextField
          {...form.field('email')}
          error={exists ? <AccountExists query={returnQuery(next, vote)} /> : form.field('email').error}
          label={t('account.email')}
          type="email"
          autocomplete="email"
          required
          value={email}
          onValue={setEmail}
        />
        <TextField
          {...form.field('password')}
          label={t('account.password')}
          hint={passwordHint(form.field('password').error)}
          type="password"
          autocomplete="new-password"
          required
          value={password}
          onValue={setPassword}
        />
        {guard.honeypot}
        <FormProblem error={form.formError} />
        <SubmitButton pending={form.pending} label={t('account.createAccount')} pendingLabel={t('account.creatingAccount')} />
      </form>
      <AccountLinks>
        <span>{tx('account.haveAccount', { link: <a href={`/sign-in${returnQuery(next, vote)}`}>{t('common.signIn')}</a> })}</span>
      </AccountLinks>
    </AccountCard>
  );
}

/** USER_EXISTS, with the two ways on: signing in (back where the visitor was going) or a new password. */
function AccountExists({ query }: { query: string }) {
  return (
    <>
      {tx('account.userExistsLinks', {
        signIn: <a href={`/sign-in${query}`}>{t('account.userExistsSignIn')}</a>,
        reset: <a href="/password-reset">{t('account.userExistsReset')}</a>,
      })}
    </>
  );
}

function CheckInbox({ email, next }: { email: string; next: string }) {
  return (
    <AccountCard title={t('account.accountCreatedTitle')}>
      <p role="status">{tx('account.confirmSent', { email: <strong>{email}</strong> })}</p>
      <a class="button button--primary" href={next}>
        {t('account.continue')}
      </a>
    </AccountCard>
  );
}

function SignUpClosed({ query }: { query: string }) {
  return (
    <AccountCard title={t('account.createAccountTitle')}>
      <p>{t('account.signupClosed')}</p>
      <a class="button" href={`/sign-in${query}`}>
        {t('common.signIn')}
      </a>
    </AccountCard>
  );
}

function AlreadyHaveAccount({ next }: { next: string }) {
  return (
    <AccountCard title={t('account.createAccountTitle')}>
      <p>{t('account.alreadySignedIn')}</p>
      <a class="button button--primary" href={next}>
        {t('account.continue')}
      </a>
    </AccountCard>
  );
}
