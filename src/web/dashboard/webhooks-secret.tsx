import { useState } from 'preact/hooks';
import type { CreatedWebhook } from '../api/dashboard-webhooks.js';
import { ModalDialog } from './modal-dialog.js';
import { webhookName } from './webhooks-words.js';

/**
 * The signing secret of a webhook just added: the API shows it in that one answer only, so it is
 * shown here once, with a Copy button, and said so.
 */
export function WebhookSecretDialog({ webhook, onClose }: { webhook: CreatedWebhook; onClose: () => void }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.secret);
      setSaid('Copied.');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text is selected for the keyboard's copy.
      const input = document.getElementById('webhook-secret') as HTMLTextAreaElement | null;
      input?.focus();
      input?.select();
      setSaid('Could not copy: the secret is selected, copy it with your keyboard.');
    }
  };
  return (
    <ModalDialog title="Webhook added" onClose={onClose}>
      <p class="modal-dialog__about">{webhookName(webhook)}</p>
      <p id="webhook-secret-about">
        Each request carries a signature made with this secret, so your receiver can check it came from this site. Copy it now: it will not be shown
        again.
      </p>
      <div class="field">
        <label for="webhook-secret">Signing secret</label>
        <div class="webhook-secret">
          <textarea
            id="webhook-secret"
            readOnly
            rows={2}
            value={webhook.secret}
            spellcheck={false}
            autocomplete="off"
            aria-describedby="webhook-secret-about"
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            class="button"
            onClick={() => void copy()}
            // biome-ignore lint/a11y/noAutofocus: the dialog opens on request and copying is what it is for.
            autoFocus
          >
            Copy
          </button>
        </div>
        <span role="status" class="webhook-secret__said">
          {said}
        </span>
      </div>
      <div class="form-actions">
        <button type="button" class="button button--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}
