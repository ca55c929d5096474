import { useEffect, useState } from 'preact/hooks';
import { ApiError, fieldOf } from '../api/client.js';
import { messageOf } from '../components/notice.js';
import { type MessageKey, t } from '../i18n/t.js';
import { fieldWords } from './account-checks.js';

/** What one input of an account form takes from the form: its id, name and error. */
export interface FieldBinding {
  /** `<formId>-<field>`: the id `run` focuses after a refusal of this field. */
  id: string;
  name: string;
  /** The API's message when it belongs to this field. */
  error: string | null;
}

/** What one account form knows about its submission: running, refused, and by which field. */
export interface Submission<F extends string = string> {
  pending: boolean;
  error: unknown;
  /** Spread on the field's input (`<TextField {...form.field('email')} …/>`) so its id is the one focused. */
  field(name: F): FieldBinding;
  /** The refusal when it belongs to no field of this form (shown above the button). */
  formError: unknown;
  /**
   * Runs the action once at a time; a refusal is kept and its field focused. `problems` found
   * before sending (by field, null for none) stop it: all of them show, the first field is focused.
   */
  run(action: () => Promise<void>, problems?: Partial<Record<F, string | null>>): Promise<void>;
  clear(): void;
}

/**
 * Submission state for a form whose inputs have the ids `<formId>-<field>`; after a refusal the
 * field it names gets focus, so the visitor lands on what to fix.
 */
export function useSubmission<F extends string>(formId: string, fields: readonly F[]): Submission<F> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [local, setLocal] = useState<Partial<Record<F, string | null>>>({});
  const field = error instanceof ApiError ? fieldOf(error) : null;
  const ownField = field !== null && (fields as readonly string[]).includes(field) ? field : null;
  const firstLocal = fields.find((name) => local[name]) ?? null;
  // One id for the input and for the focus after a refusal, so the two cannot drift apart.
  const idOf = (name: string) => `${formId}-${name}`;
  useEffect(() => {
    // After the render that marks the field invalid, so its error is read with it.
    const target = firstLocal ?? ownField;
    if (target) document.getElementById(idOf(target))?.focus();
  }, [error, local]);
  const run = async (action: () => Promise<void>, problems: Partial<Record<F, string | null>> = {}) => {
    if (pending) return;
    setLocal(problems);
    setError(null);
    if (Object.values(problems).some(Boolean)) return;
    setPending(true);
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
    field: (name) => ({ id: idOf(name), name, error: local[name] || (name === ownField ? fieldMessage(error) : null) }),
    formError: error && !ownField ? error : null,
    run,
    clear: () => {
      setError(null);
      setLocal({});
    },
  };
}

/**
 * Runs `action` with the page's "submitted" flag set and clears it if the action fails: the session
 * a sign-in starts appears before the page moves on, and the page must not take it for an old one.
 */
export async function withSubmitFlag(setSubmitted: (running: boolean) => void, action: () => Promise<void>): Promise<void> {
  setSubmitted(true);
  try {
    await action();
  } catch (error) {
    setSubmitted(false);
    throw error;
  }
}

/** Words for refusals whose API message is written for developers rather than visitors. */
const PLAIN_WORDS: Record<string, MessageKey> = {
  MAIL_CONFIG_MISSING: 'account.mailNotConfigured',
  SIGNUP_NOT_ALLOWED: 'account.signupClosed',
  NETWORK: 'account.network',
};

/** The words under a field for the API's refusal of it: the web app's own for the account codes. */
function fieldMessage(error: unknown): string {
  return (error instanceof ApiError && fieldWords(error.code)) || messageOf(error);
}

/** The sentence to show for a refusal of an account action. */
export function accountMessage(error: unknown): string {
  if (error instanceof ApiError && PLAIN_WORDS[error.code]) return t(PLAIN_WORDS[error.code]!);
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
