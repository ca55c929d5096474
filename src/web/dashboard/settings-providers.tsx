import { useState } from 'preact/hooks';
import { type AuthProvider, addAuthProvider, listAuthProviders, removeAuthProvider } from '../api/dashboard-sso.js';
import { base } from '../base.js';
import { ProviderSwitch } from './provider-switch.js';
import { ErrorNotice, messageOf } from '../components/notice.js';
import { TextField } from '../components/text-field.js';
import { useSubmission } from '../pages/account-form.js';
import { useLoad } from '../use-load.js';
import { Checkbox, SaveRow } from './form-parts.js';
import { ColumnHeads, TableWrap } from './table-wrap.js';

const FIELDS = ['providerId', 'name', 'issuer', 'clientId', 'clientSecret', 'allowedDomains'] as const;
const EMPTY = { providerId: '', name: '', issuer: '', clientId: '', clientSecret: '', allowedDomains: '', allowTeam: false };

/** Settings › Sign-in › Sign-in providers (the owner's): OpenID Connect and GitHub, each a "Continue with" button. */
export function AuthProviders() {
  const loaded = useLoad(listAuthProviders, []);
  return (
    <div class="sso-secrets">
      <h3>Sign-in providers</h3>
      <p class="muted">
        People sign in with their account at these (“Continue with …” on the sign-in page). Register the redirect URI{' '}
        <code>{location.origin}{base}/api/v1/auth/oidc/&lt;id&gt;/callback</code> at the provider first.
      </p>
      {loaded.error && <ErrorNotice error={loaded.error} onRetry={loaded.reload} />}
      {loaded.data && loaded.data.length === 0 && <p class="muted">No sign-in providers yet.</p>}
      {loaded.data && loaded.data.length > 0 && <ProvidersTable providers={loaded.data} onChanged={loaded.reload} />}
      <AddProviderForm onAdded={loaded.reload} />
    </div>
  );
}

function ProvidersTable({ providers, onChanged }: { providers: AuthProvider[]; onChanged: () => void }) {
  return (
    <TableWrap label="Providers table" busy={false}>
      <table class="dashboard-table">
        <ColumnHeads titles={['Provider', 'Issuer', 'Allowed domains', 'Team', 'State']} />
        <tbody>
          {providers.map((provider) => (
            <ProviderRow key={provider.providerId} provider={provider} onChanged={onChanged} />
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function ProviderRow({ provider, onChanged }: { provider: AuthProvider; onChanged: () => void }) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = async () => {
    try {
      await removeAuthProvider(provider.providerId);
      onChanged();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  return (
    <tr>
      <th scope="row">
        {provider.name} <code>{provider.providerId}</code>
      </th>
      <td>{provider.issuer}</td>
      <td>{provider.allowedDomains.join(', ') || 'Any'}</td>
      <td>{provider.allowTeam ? 'Allowed' : 'Not allowed'}</td>
      <td>
        <ProviderSwitch provider={provider} />
      </td>
      <td>
        {asking ? (
          <span class="sso-secrets__confirm">
            <span>Its button goes at once.</span>
            <button type="button" class="button button--danger" aria-label={`Remove ${provider.name} now`} onClick={() => void remove()}>
              Remove
            </button>
            <button type="button" class="button" onClick={() => setAsking(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" class="button button--danger" aria-label={`Remove ${provider.name}`} onClick={() => setAsking(true)}>
            Remove…
          </button>
        )}
        {problem && <p role="alert">{problem}</p>}
      </td>
    </tr>
  );
}

function AddProviderForm({ onAdded }: { onAdded: () => void }) {
  const form = useSubmission('auth-provider', FIELDS);
  const [draft, setDraft] = useState(EMPTY);
  const [saved, setSaved] = useState(false);
  const edit = (changes: Partial<typeof EMPTY>) => {
    setDraft({ ...draft, ...changes });
    setSaved(false);
  };
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      const domains = draft.allowedDomains
        .split(',')
        .map((domain) => domain.trim())
        .filter(Boolean);
      await addAuthProvider({ ...draft, providerId: draft.providerId.trim(), issuer: draft.issuer.trim(), allowedDomains: domains });
      setDraft(EMPTY);
      setSaved(true);
      onAdded();
    });
  };
  const text = (name: (typeof FIELDS)[number], label: string, hint?: string, type: 'text' | 'password' = 'text') => (
    <TextField {...form.field(name)} label={label} hint={hint} type={type} value={draft[name]} onValue={(value) => edit({ [name]: value })} />
  );
  return (
    <form onSubmit={submit} aria-label="Add a sign-in provider" noValidate>
      <h4>Add a provider</h4>
      {text('providerId', 'Provider id', 'Lower-case letters, digits and -, like google; it is in the redirect URI.')}
      {text('name', 'Label', 'The button says “Continue with” and this.')}
      {text('issuer', 'Issuer URL', 'Like https://accounts.google.com or https://id.example.com/realms/main.')}
      {text('clientId', 'Client id')}
      {text('clientSecret', 'Client secret', 'Stored, never shown again.', 'password')}
      {text('allowedDomains', 'Allowed email domains', 'Separated by commas; empty lets any address in.')}
      <Checkbox
        id="auth-provider-allow-team"
        label="Team members may sign in with it"
        description="Only for your own company's provider: otherwise the team signs in with their password."
        checked={draft.allowTeam}
        onChange={(allowTeam) => edit({ allowTeam })}
      />
      <SaveRow form={form} label="Add provider" saved={saved} />
    </form>
  );
}
