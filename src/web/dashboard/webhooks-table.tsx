import { useState } from 'preact/hooks';
import { testWebhook, type Webhook } from '../api/dashboard-webhooks.js';
import { messageOf } from '../components/notice.js';
import { formatDate } from '../format.js';
import { TableWrap } from './table-wrap.js';
import { eventsText, FORMAT_LABELS, stateText, testOutcome, webhookName } from './webhooks-words.js';

/** What a row's buttons do; `trigger` is the button pressed, where focus goes back after a dialog. */
export interface WebhookActions {
  edit: (webhook: Webhook, trigger: HTMLButtonElement | null) => void;
  toggle: (webhook: Webhook, trigger: HTMLButtonElement | null) => void;
  deliveries: (webhook: Webhook, trigger: HTMLButtonElement | null) => void;
  remove: (webhook: Webhook, trigger: HTMLButtonElement | null) => void;
}

/** The webhooks, one row each: address and description, format, events, state, and its buttons. */
export function WebhooksTable({ webhooks, actions, busy }: { webhooks: Webhook[]; actions: WebhookActions; busy: boolean }) {
  return (
    <TableWrap label="Webhooks table" busy={busy}>
      <table class="dashboard-table webhooks-table webhook-cards">
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Format</th>
            <th scope="col">Events</th>
            <th scope="col">State</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {webhooks.map((webhook) => (
            <WebhookRow key={webhook.webhookId} webhook={webhook} actions={actions} />
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function WebhookRow({ webhook, actions }: { webhook: Webhook; actions: WebhookActions }) {
  const name = webhookName(webhook);
  // Buttons rather than DESIGN.md's "…" menu: a site has few webhooks, and these actions are what the page is for.
  const button = (label: string, spoken: string, action: (webhook: Webhook, trigger: HTMLButtonElement | null) => void, danger = false) => (
    <button type="button" class={`button${danger ? ' button--danger' : ''}`} aria-label={spoken} onClick={(event) => action(webhook, event.currentTarget)}>
      {label}
    </button>
  );
  return (
    <tr class={webhook.enabled ? undefined : 'webhooks-table__off'}>
      <th scope="row" class="webhooks-table__url">
        <span class="webhooks-table__address">{webhook.url}</span>
        {webhook.description && <span class="webhooks-table__description">{webhook.description}</span>}
      </th>
      <td data-label="Format">{FORMAT_LABELS[webhook.format] ?? webhook.format}</td>
      <td class="webhooks-table__events" data-label="Events">{eventsText(webhook.events)}</td>
      <td class="webhooks-table__state" data-label="State">
        <State webhook={webhook} />
      </td>
      <td class="webhooks-table__actions">
        <div class="webhooks-table__buttons">
          <SendTest webhook={webhook} name={name} />
          {button('Deliveries', `Deliveries to ${name}`, actions.deliveries)}
          {button('Edit', `Edit webhook ${name}`, actions.edit)}
          {button(webhook.enabled ? 'Turn off' : 'Turn on', `${webhook.enabled ? 'Turn off' : 'Turn on'} webhook ${name}`, actions.toggle)}
          {button('Delete', `Delete webhook ${name}`, actions.remove, true)}
        </div>
      </td>
    </tr>
  );
}

function State({ webhook }: { webhook: Webhook }) {
  if (webhook.enabled && webhook.failingSince) {
    return (
      <span class="webhook-state webhook-state--failing">
        Failing since <time dateTime={webhook.failingSince}>{formatDate(webhook.failingSince)}</time>
      </span>
    );
  }
  if (!webhook.enabled && webhook.disabledReason) {
    // feedbackd's own sentence, as it is, in plain weight: the word that matters is "Off".
    return (
      <>
        <span class="webhook-state webhook-state--off">Off</span> — <span class="webhook-state__reason">{webhook.disabledReason}</span>
      </>
    );
  }
  return <span class={`webhook-state webhook-state--${webhook.enabled ? 'on' : 'off'}`}>{stateText(webhook)}</span>;
}

/** "Send test": one delivery now, its outcome said under the button ("Delivered: 200 in 35 ms"). */
function SendTest({ webhook, name }: { webhook: Webhook; name: string }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async () => {
    setSending(true);
    setOutcome(null);
    try {
      const delivery = await testWebhook(webhook.webhookId);
      setOutcome({ ok: delivery.status === 'delivered', text: testOutcome(delivery) });
    } catch (error) {
      setOutcome({ ok: false, text: `Failed: ${messageOf(error)}` });
    } finally {
      setSending(false);
    }
  };
  const outcomeId = `webhook-test-${webhook.webhookId}`;
  return (
    <div class="webhook-test">
      <button
        type="button"
        class="button"
        aria-label={`Send test to ${name}`}
        aria-describedby={outcomeId}
        aria-disabled={sending}
        onClick={() => !sending && void send()}
      >
        {sending ? 'Sending…' : 'Send test'}
      </button>
      <span id={outcomeId} role="status" class={`webhook-test__outcome${outcome ? ` webhook-test__outcome--${outcome.ok ? 'ok' : 'failed'}` : ''}`}>
        {outcome?.text ?? ''}
      </span>
    </div>
  );
}
