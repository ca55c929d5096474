import { useEffect, useState } from 'preact/hooks';
import { getFormToken } from '../api/endpoints.js';

/*
 * The sign-up and new-post forms' guard against bots (issue 31 §2): a token fetched when the form
 * opens (the server refuses a form sent a moment later, as only a program can) and a honeypot
 * field people never see, hear or reach by Tab, so only a bot fills it.
 */

/** Room for the time the token's request took to reach the server. */
const SERVER_MARGIN_MS = 250;

/** What a guarded form sends with its fields. */
export interface FormGuardFields {
  formToken?: string;
  website: string;
}

/** A token and the moment (this page's clock) from which the server accepts it. */
interface HeldToken {
  token: string;
  readyAt: number;
}

/**
 * The guard of one form: its fields for the request (once the form has been open long enough for
 * the server: a quick person's form waits out the rest, never refused), and the hidden honeypot to
 * render inside the form.
 */
export function useFormGuard(): {
  fields: () => Promise<FormGuardFields>;
  honeypot: preact.JSX.Element;
} {
  const [held, setHeld] = useState<HeldToken | undefined>(undefined);
  const [website, setWebsite] = useState('');
  useEffect(() => {
    // Without a token the form still goes (unless the site requires one: then its refusal says to reload).
    const asked = Date.now();
    getFormToken().then(
      ({ token, readyInMs }) => setHeld({ token, readyAt: asked + readyInMs }),
      () => undefined,
    );
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
    fields: async () => {
      const wait = held ? held.readyAt - Date.now() : 0;
      // The token was issued after `asked`, so waiting from there can fall short by the request's
      // own time: a little margin covers it.
      if (wait > -SERVER_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, wait + SERVER_MARGIN_MS));
      return { ...(held ? { formToken: held.token } : {}), website };
    },
    honeypot,
  };
}
