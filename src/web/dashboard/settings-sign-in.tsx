import { useState } from 'preact/hooks';
import { type CreatedSsoSecret, createSsoSecret, listSsoSecrets, revokeSsoSecret, type SsoSecret } from '../api/dashboard-sso.js';
import { updateSettings } from '../api/endpoints.js';
import type { Settings } from '../api/types.js';
import { ErrorNotice, messageOf } from '../components/notice.js';
import { TextField } from '../components/text-field.js';
import { formatDate } from '../format.js';
import { useSubmission } from '../pages/account-form.js';
import { useSession } from '../session.js';
import { siteStore } from '../site.js';
import { useLoad } from '../use-load.js';
import { SaveRow, useDraft } from './form-parts.js';
import { SecretDialog } from './secret-dialog.js';
import { holdsEveryPermission } from './sections.js';
import { AuthProviders } from './settings-providers.js';
import { ColumnHeads, TableWrap } from './table-wrap.js';

/** Settings › Sign-in: where "Sign in" sends visitors, and (the owner's) the keys the product signs its tokens with. */
export function SignInSettings({ settings }: { settings: Settings }) {
  const session = useSession();
  return (
    <section class="dashboard-form" aria-labelledby="settings-sign-in-title">
      <h2 id="settings-sign-in-title">Sign-in</h2>
      <p class="muted">
        Single sign-on: your product signs its users in here with a token it signs with one of these secrets (see “Single sign-on” in the README).
      </p>
      <LoginUrlForm settings={settings} />
      {session && holdsEveryPermission(session) && <SsoSecrets />}
      {session && holdsEveryPermission(session) && <AuthProviders />}
    </section>
  );
}

function LoginUrlForm({ settings }: { settings: Settings }) {
  const form = useSubmission('sso-login-url', ['ssoLoginUrl']);
  const { draft, edit, saved, setSaved } = useDraft({ ssoLoginUrl: settings.ssoLoginUrl ?? '' });
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      const stored = await updateSettings({ ssoLoginUrl: draft.ssoLoginUrl.trim() || null });
      const site = siteStore.get();
      if (site) siteStore.set({ ...site, settings: stored });
      setSaved(true);
    });
  };
  return (
    <form onSubmit={submit} aria-label="Product sign-in page" noValidate>
      <TextField
        {...form.field('ssoLoginUrl')}
        label="Your product's sign-in page"
        type="text"
        hint="When set, “Sign in” on the board sends visitors there with ?redirect= the page they were on; the team signs in with the “Team sign-in” link at the foot of the page. Empty: the board's own password form."
        value={draft.ssoLoginUrl}
        onValue={(ssoLoginUrl) => edit({ ssoLoginUrl })}
      />
      <SaveRow form={form} label="Save sign-in page" saved={saved} />
    </form>
  );
}

function SsoSecrets() {
  const loaded = useLoad(listSsoSecrets, []);
  const [created, setCreated] = useState<CreatedSsoSecret | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const create = async () => {
    try {
      setCreated(await createSsoSecret());
      setProblem(null);
      loaded.reload();
    } catch (error) {
      setProblem(error);
    }
  };
  return (
    <div class="sso-secrets">
      <h3>Single sign-on secrets</h3>
      {loaded.error && <ErrorNotice error={loaded.error} onRetry={loaded.reload} />}
      {problem !== null && <ErrorNotice error={problem} />}
      {loaded.data && loaded.data.length === 0 && <p class="muted">No secrets yet: single sign-on is off.</p>}
      {loaded.data && loaded.data.length > 0 && <SecretsTable secrets={loaded.data} onRevoked={loaded.reload} />}
      <div class="form-actions">
        <button type="button" class="button" onClick={() => void create()}>
          Create a secret
        </button>
      </div>
      {created && (
        <SecretDialog
          title="Secret created"
          name={`Secret ${created.secretId}`}
          about="Your product signs its tokens (HS256) with this secret, and names it by its id in the kid header. Copy it now: it will not be shown again."
          label="Single sign-on secret"
          id="sso-secret"
          secret={created.secret}
          onClose={() => setCreated(null)}
        />
      )}
    </div>
  );
}

function SecretsTable({ secrets, onRevoked }: { secrets: SsoSecret[]; onRevoked: () => void }) {
  return (
    <TableWrap label="Single sign-on secrets table" busy={false}>
      <table class="dashboard-table">
        <ColumnHeads titles={['Secret id', 'Created', 'Last used']} />
        <tbody>{secrets.map((secret) => <SecretRow key={secret.secretId} secret={secret} onRevoked={onRevoked} />)}</tbody>
      </table>
    </TableWrap>
  );
}

function SecretRow({ secret, onRevoked }: { secret: SsoSecret; onRevoked: () => void }) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const revoke = async () => {
    try {
      await revokeSsoSecret(secret.secretId);
      onRevoked();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  return (
    <tr>
      <th scope="row">
        <code>{secret.secretId}</code>
      </th>
      <td>{formatDate(secret.createdAt)}</td>
      <td>{secret.lastUsedAt ? formatDate(secret.lastUsedAt) : 'Never'}</td>
      <td>
        {asking ? (
          <span class="sso-secrets__confirm">
            <span>Tokens signed with it stop working.</span>
            <button type="button" class="button button--danger" aria-label={`Revoke secret ${secret.secretId} now`} onClick={() => void revoke()}>
              Revoke
            </button>
            <button type="button" class="button" onClick={() => setAsking(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" class="button button--danger" aria-label={`Revoke secret ${secret.secretId}`} onClick={() => setAsking(true)}>
            Revoke…
          </button>
        )}
        {problem && <p role="alert">{problem}</p>}
      </td>
    </tr>
  );
}
