import type { CreatedWebhook } from '../api/dashboard-webhooks.js';
import { SecretDialog } from './secret-dialog.js';
import { webhookName } from './webhooks-words.js';

/** The signing secret of a webhook just added, shown this once. */
export function WebhookSecretDialog({ webhook, onClose }: { webhook: CreatedWebhook; onClose: () => void }) {
  return (
    <SecretDialog
      title="Webhook added"
      name={webhookName(webhook)}
      about="Each request carries a signature made with this secret, so your receiver can check it came from this site. Copy it now: it will not be shown again."
      label="Signing secret"
      id="webhook-secret"
      secret={webhook.secret}
      onClose={onClose}
    />
  );
}
