import { useEffect, useState } from 'preact/hooks';
import { type AuthProvider, setAuthProviderEnabled } from '../api/dashboard-sso.js';
import { messageOf } from '../components/notice.js';

/** What the state means for the people signing in, in words. */
export function providerStateText(enabled: boolean): string {
  return enabled ? 'On: shown on the sign-in page' : 'Off: not shown on the sign-in page';
}

/**
 * A provider's state and the button that turns it off or on (Settings › Sign-in). The answer of
 * the change is the row's new truth, so the list is not read again.
 */
export function ProviderSwitch({ provider }: { provider: AuthProvider }) {
  const [enabled, setEnabled] = useState(provider.enabled);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A list read again (after an add or a removal) brings the stored state.
  useEffect(() => setEnabled(provider.enabled), [provider.enabled]);
  const flip = async () => {
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      setEnabled((await setAuthProviderEnabled(provider.providerId, !enabled)).enabled);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setPending(false);
    }
  };
  const verb = enabled ? 'Turn off' : 'Turn on';
  return (
    <span class="provider-switch">
      <span role="status">{providerStateText(enabled)}</span>
      <button type="button" class="button" aria-label={`${verb} ${provider.name}`} aria-disabled={pending} onClick={() => void flip()}>
        {verb}
      </button>
      {problem && <span role="alert">{problem}</span>}
    </span>
  );
}
