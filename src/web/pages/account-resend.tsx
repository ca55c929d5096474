import { useState } from 'preact/hooks';
import { resendVerification } from '../api/endpoints.js';
import { accountMessage } from './account-form.js';

type ResendState = { kind: 'idle' } | { kind: 'pending' } | { kind: 'sent' } | { kind: 'failed'; error: unknown };

/** Sends the signed-in visitor a new confirmation link, saying where it went or why it could not. */
export function ResendVerification({ email, label }: { email: string; label: string }) {
  const [state, setState] = useState<ResendState>({ kind: 'idle' });
  const send = async () => {
    setState({ kind: 'pending' });
    try {
      await resendVerification();
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  };
  return (
    <div class="resend">
      <button type="button" class="button" disabled={state.kind === 'pending'} onClick={send}>
        {state.kind === 'pending' ? 'Sending…' : label}
      </button>
      <p class="resend__status small" role="status">
        {state.kind === 'sent' && `We sent a new link to ${email}.`}
      </p>
      {state.kind === 'failed' && (
        <p class="resend__error small" role="alert">
          {accountMessage(state.error)}
        </p>
      )}
    </div>
  );
}
