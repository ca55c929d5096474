import { useState } from 'preact/hooks';
import { requestSignInLink } from '../api/endpoints.js';
import { durationWords } from '../format.js';
import { t, tx } from '../i18n/t.js';
import { AccountCard } from './account-card.js';
import { emailProblem } from './account-checks.js';
import type { Submission } from './account-form.js';

/** Where a requested link went and how long it works: what the "Check your inbox" card says. */
export interface SentLink {
  email: string;
  lifetimeSeconds: number;
}

/** Asking for a mailed sign-in link through an account form's submission (its email field shows the problems). */
export function useSignInLinkRequest(form: Pick<Submission<'email'>, 'run'>, next: string) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<SentLink | null>(null);
  const send = (email: string) =>
    form.run(
      async () => {
        setSending(true);
        try {
          const answer = await requestSignInLink(email.trim(), next === '/' ? null : next);
          setSent({ email: email.trim(), lifetimeSeconds: answer.lifetimeSeconds });
        } finally {
          setSending(false);
        }
      },
      { email: emailProblem(email) },
    );
  return { sending, sent, send, reset: () => setSent(null) };
}

/** The button that mails a sign-in link, with its pending words. */
export function EmailLinkButton({ label, sending, disabled, onClick }: { label: string; sending: boolean; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" class="button account-submit" disabled={disabled} onClick={onClick}>
      {sending ? t('account.sendingLink') : label}
    </button>
  );
}

/** The same words whether or not the address has an account: the page must not tell. */
export function LinkSent({ sent, onBack }: { sent: SentLink; onBack: () => void }) {
  return (
    <AccountCard title={t('account.linkSentTitle')}>
      <p role="status">{tx('account.linkSent', { email: <strong>{sent.email}</strong> })}</p>
      <p class="muted small">{t('account.linkLifetime', { duration: durationWords(sent.lifetimeSeconds) })}</p>
      <button type="button" class="button account-submit" onClick={onBack}>
        {t('account.backToSignIn')}
      </button>
    </AccountCard>
  );
}
