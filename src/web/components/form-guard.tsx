import { useEffect, useState } from 'preact/hooks';
import { getFormToken } from '../api/endpoints.js';

/*
 * The sign-up and new-post forms' guard against bots (issue 31 §2): a token fetched when the form
 * opens (the server refuses a form sent a moment later, as only a program can) and a honeypot
 * field people never see, hear or reach by Tab, so only a bot fills it.
 */

/** What a guarded form sends with its fields. */
export interface FormGuardFields {
  formToken?: string;
  website: string;
}

/** The guard of one form: its fields for the request, and the hidden honeypot to render inside the form. */
export function useFormGuard(): {
  fields: () => FormGuardFields;
  honeypot: preact.JSX.Element;
} {
  const [token, setToken] = useState<string | undefined>(undefined);
  const [website, setWebsite] = useState('');
  useEffect(() => {
    // Without a token the form still goes (unless the site requires one: then its refusal says to reload).
    getFormToken().then(setToken, () => undefined);
  }, []);
  const honeypot = (
    <div class="form-honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={website} onInput={(event) => setWebsite(event.currentTarget.value)} />
      </label>
    </div>
  );
  return {
    fields: () => ({ ...(token ? { formToken: token } : {}), website }),
    honeypot,
  };
}
