import { useEffect, useState } from 'preact/hooks';
import { ApiError, fieldOf } from '../api/client.js';
import { messageOf } from '../components/notice.js';

/** What one account form knows about its submission: running, refused, and by which field. */
export interface Submission {
  pending: boolean;
  error: unknown;
  /** The API's message when it belongs to `field` of this form. */
  fieldError(field: string): string | null;
  /** The refusal when it belongs to no field of this form (shown above the button). */
  formError: unknown;
  /** Runs the action once at a time; a refusal is kept and its field focused. */
  run(action: () => Promise<void>): Promise<void>;
  clear(): void;
}

/**
 * Submission state for a form whose inputs have the ids `<formId>-<field>`; after a refusal the
 * field it names gets focus, so the visitor lands on what to fix.
 */
export function useSubmission(formId: string, fields: readonly string[]): Submission {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const field = error instanceof ApiError ? fieldOf(error) : null;
  const ownField = field !== null && fields.includes(field) ? field : null;
  useEffect(() => {
    // After the render that marks the field invalid, so its error is read with it.
    if (ownField) document.getElementById(`${formId}-${ownField}`)?.focus();
  }, [error]);
  const run = async (action: () => Promise<void>) => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };
  return {
    pending,
    error,
    fieldError: (name) => (name === ownField ? messageOf(error) : null),
    formError: error && !ownField ? error : null,
    run,
    clear: () => setError(null),
  };
}

/** Words for refusals whose API message is written for developers rather than visitors. */
const PLAIN_WORDS: Record<string, string> = {
  MAIL_CONFIG_MISSING: 'This site cannot send email yet, so this cannot be done right now. Please tell the site’s team.',
  SIGNUP_NOT_ALLOWED: 'Sign-up is closed on this site.',
  NETWORK: 'Cannot reach the server. Check your connection and try again.',
};

/** The sentence to show for a refusal of an account action. */
export function accountMessage(error: unknown): string {
  if (error instanceof ApiError && PLAIN_WORDS[error.code]) return PLAIN_WORDS[error.code]!;
  return messageOf(error);
}

/** A form-wide refusal, announced; nothing when there is none. */
export function FormProblem({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div class="notice notice--error" role="alert">
      <p>{accountMessage(error)}</p>
    </div>
  );
}

/** The form's main button, with its pending words while the request runs. */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button type="submit" class="button button--primary account-submit" disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/** An input handler that keeps the typed text in state. */
export function textInput(set: (value: string) => void) {
  return (event: Event) => set((event.currentTarget as HTMLInputElement).value);
}
