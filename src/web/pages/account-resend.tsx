import { useState } from 'preact/hooks';
import { resendVerification } from '../api/endpoints.js';
import { t } from '../i18n/t.js';
import { accountMessage } from './account-form.js';

export type ResendState = { kind: 'idle' } | { kind: 'pending' } | { kind: 'sent' } | { kind: 'failed'; error: unknown };

/** Asking for a new confirmation link: where the request stands, and `send`; `onFailed` hears a refusal too. */
export function useResendVerification(onFailed?: (error: unknown) => void): { state: ResendState; send: () => Promise<void> } {
  const [state, setState] = useState<ResendState>({ kind: 'idle' });
  const send = async () => {
    setState({ kind: 'pending' });
    try {
      await resendVerification();
      setState({ kind: 'sent' });
    } catch (error) {
      onFailed?.(error);
      setState({ kind: 'failed', error });
    }
  };
  return { state, send };
}

/** Sends the signed-in visitor a new confirmation link, saying where it went or why it could not. */
export function ResendVerification({ email, label }: { email: string; label: string }) {
  const { state, send } = useResendVerification();
  return (
    <div class="resend">
      <button type="button" class="button" disabled={state.kind === 'pending'} onClick={send}>
        {state.kind === 'pending' ? t('account.sending') : label}
      </button>
      <p class="resend__status small" role="status">
        {state.kind === 'sent' && t('account.newLinkSent', { email })}
      </p>
      {state.kind === 'failed' && (
        <p class="resend__error small" role="alert">
          {accountMessage(state.error)}
        </p>
      )}
    </div>
  );
}
