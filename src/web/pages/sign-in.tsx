import { useLocation } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { signIn } from '../api/endpoints.js';
import { TextField } from '../components/text-field.js';
import { framed, HANDOFF_PATH, openSignInWindow } from '../embed/sign-in-window.js';
import { t } from '../i18n/t.js';
import { startSession, useSession } from '../session.js';
import { signInHref } from '../sign-in-link.js';
import { useSite } from '../site.js';
import { AccountCard, AccountLinks } from './account-card.js';
import { emailProblem, passwordGiven } from './account-checks.js';
import { accountMessage, FormProblem, SubmitButton, useSubmission, withSubmitFlag } from './account-form.js';
import { castPendingVote, pendingVote, returnQuery, safeNext } from './account-return.js';
import { ProviderButtons } from './provider-buttons.js';
import { EmailLinkButton, LinkSent, useSignInLinkRequest } from './sign-in-link-parts.js';

const FIELDS = ['email', 'password'] as const;

/** Email and password; afterwards back where the visitor was, with the vote they tried to make made. */
export function SignInPage() {
  const location = useLocation();
  const session = useSession();
  const next = safeNext(location.query.next);
  const vote = pendingVote(location.query.vote);
  const [voteError, setVoteError] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState(false);

  if (voteError) return <VoteNotCounted error={voteError} next={next} />;
  // While our own sign-in is finishing, the session appears before the page moves on.
  if (session && !submitted) return <AlreadySignedIn name={session.user.name || session.user.username} next={next} />;
  const finish = async () => {
    try {
      await castPendingVote(vote);
    } catch (error) {
      setVoteError(error);
      return;
    }
    location.route(next);
  };
  return <SignInForm next={next} vote={vote} onSubmit={setSubmitted} onSignedIn={finish} />;
}

interface SignInFormProps {
  next: string;
  vote: string | null;
  /** Told true when a sign-in starts and false when it fails. */
  onSubmit: (running: boolean) => void;
  onSignedIn: () => Promise<void>;
}

function SignInForm({ next, vote, onSubmit, onSignedIn }: SignInFormProps) {
  const site = useSite();
  const form = useSubmission('sign-in', FIELDS);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // In the widget's panel the mailed link signs in the window that waits for it (embed/sign-in-window.ts).
  const link = useSignInLinkRequest(form, framed ? HANDOFF_PATH : next);
  const sendLink = () => {
    if (framed && !emailProblem(email)) openSignInWindow('link');
    void link.send(email);
  };
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(
      async () => {
        await withSubmitFlag(onSubmit, async () => startSession(await signIn(email.trim(), password)));
        await onSignedIn();
      },
      { email: emailProblem(email), password: passwordGiven(password) },
    );
  };
  if (link.sent) return <LinkSent sent={link.sent} onBack={link.reset} />;
  return (
    <AccountCard title={t('common.signIn')}>
      {vote && <p class="muted">{t('account.signInToVote')}</p>}
      <ProviderButtons next={next} />
      <form noValidate onSubmit={submit}>
        <TextField {...form.field('email')} label={t('account.email')} type="email" autocomplete="email" required value={email} onValue={setEmail} />
        <TextField {...form.field('password')} label={t('account.password')} type="password" autocomplete="current-password" required value={password} onValue={setPassword} />
        <FormProblem error={form.formError} />
        <SubmitButton pending={form.pending && !link.sending} label={t('common.signIn')} pendingLabel={t('account.signingIn')} />
      </form>
      <p class="account-or" aria-hidden="true">
        {t('account.or')}
      </p>
      <EmailLinkButton label={t('account.emailSignInLink')} sending={link.sending} disabled={form.pending} onClick={sendLink} />
      <p class="muted small account-hint">{t('account.noPasswordNeeded')}</p>
      <AccountLinks>
        <a href="/password-reset">{t('account.forgotPassword')}</a>
        {site?.settings.ssoLoginUrl ? (
          // With single sign-on this form is the team's: customers sign in (and get accounts) through the product.
          <a href={signInHref(next)}>{t('account.notOnTeam', { host: new URL(site.settings.ssoLoginUrl).host })}</a>
        ) : (
          site?.settings.allowSignup && <a href={`/sign-up${returnQuery(next, vote)}`}>{t('account.createAccountTitle')}</a>
        )}
      </AccountLinks>
    </AccountCard>
  );
}

function AlreadySignedIn({ name, next }: { name: string; next: string }) {
  return (
    <AccountCard title={t('common.signIn')}>
      <p>{t('account.signedInAs', { name })}</p>
      <a class="button button--primary" href={next}>
        {t('account.continue')}
      </a>
    </AccountCard>
  );
}

function VoteNotCounted({ error, next }: { error: unknown; next: string }) {
  return (
    <AccountCard title={t('account.signedInTitle')}>
      <div class="notice notice--error" role="alert">
        <p>{t('account.voteNotCounted', { problem: accountMessage(error) })}</p>
      </div>
      <a class="button button--primary" href={next}>
        {t('account.continue')}
      </a>
    </AccountCard>
  );
}
