import { useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { type CreatedWebhook, deleteWebhook, listWebhooks, updateWebhook, type Webhook } from '../api/dashboard-webhooks.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { ConfirmDialog } from '../pages/post-confirm.js';
import { CatalogueToolbar, useStoredList } from './catalogue-parts.js';
import { WebhookDeliveriesDialog } from './webhooks-deliveries.js';
import { WebhookForm } from './webhooks-form.js';
import { WebhookSecretDialog } from './webhooks-secret.js';
import { type WebhookActions, WebhooksTable } from './webhooks-table.js';
import { webhookName } from './webhooks-words.js';

/** What the page has open: a form, a question, the deliveries, or the secret of a webhook just added. */
type Task =
  | { kind: 'new' }
  | { kind: 'edit' | 'delete' | 'deliveries'; item: Webhook }
  | { kind: 'secret'; item: CreatedWebhook };

/** Webhooks (the owner's alone): where feedbackd sends events; add, test, edit, turn off or on, delete. */
export function WebhooksPage() {
  const webhooks = useStoredList(listWebhooks);
  const [task, setTask] = useState<Task | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const open = (next: Task, trigger: HTMLElement | null = document.activeElement as HTMLElement | null) => {
    opener.current = trigger;
    setStatus('');
    setProblem(null);
    setTask(next);
  };
  /** Focus goes back to what opened the task, or to the heading once its row is gone. */
  const close = (outcome = '') => {
    setTask(null);
    if (outcome) setStatus(outcome);
    (opener.current?.isConnected ? opener.current : heading.current)?.focus();
  };
  const saved = async (webhook: Webhook | CreatedWebhook) => {
    await webhooks.refresh();
    if ('secret' in webhook) {
      // Still the "Add webhook" button's task: focus returns there once the secret is put away.
      setTask({ kind: 'secret', item: webhook });
      setStatus(`Webhook ${webhookName(webhook)} added.`);
    } else close(`Webhook ${webhookName(webhook)} saved.`);
  };
  const toggle = async (webhook: Webhook) => {
    setBusy(true);
    setProblem(null);
    setStatus('');
    try {
      const stored = await updateWebhook(webhook.webhookId, { enabled: !webhook.enabled });
      await webhooks.refresh();
      setStatus(`Webhook ${webhookName(stored)} turned ${stored.enabled ? 'on' : 'off'}.`);
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  };
  const actions: WebhookActions = {
    edit: (item, trigger) => open({ kind: 'edit', item }, trigger),
    toggle: (item) => void toggle(item),
    deliveries: (item, trigger) => open({ kind: 'deliveries', item }, trigger),
    remove: (item, trigger) => open({ kind: 'delete', item }, trigger),
  };

  return (
    <section aria-labelledby="webhooks-title" class="catalogue webhooks-page">
      <h1 id="webhooks-title" ref={heading} tabIndex={-1}>
        Webhooks
      </h1>
      <p class="catalogue-intro">Each event you choose is sent to these addresses as it happens: to your own server, or to a Slack or Discord channel.</p>
      {isOwnersOnly(webhooks.error) ? (
        // Not a failure: the section shows for a session holding every permission, but webhooks are the owner's alone.
        <p class="dashboard-message">Only the board's owner can see and change webhooks.</p>
      ) : (
        <>
          <CatalogueToolbar newLabel="Add webhook" status={status} onNew={() => open({ kind: 'new' })} />
          {problem !== null && <ErrorNotice error={problem} />}
          {webhooks.error !== null && <ErrorNotice error={webhooks.error} onRetry={() => void webhooks.refresh()} />}
          {webhooks.items ? (
            webhooks.items.length === 0 ? (
              <p class="catalogue-empty">No webhooks yet. Add one to hear about new ideas, votes and comments where your team works.</p>
            ) : (
              <WebhooksTable webhooks={webhooks.items} actions={actions} busy={busy} />
            )
          ) : (
            webhooks.error === null && <Skeleton rows={3} label="Loading the webhooks" />
          )}
        </>
      )}
      {(task?.kind === 'new' || task?.kind === 'edit') && (
        <WebhookForm
          key={task.kind === 'edit' ? task.item.webhookId : 'new'}
          webhook={task.kind === 'edit' ? task.item : null}
          onSaved={saved}
          onCancel={() => close()}
        />
      )}
      {task?.kind === 'secret' && <WebhookSecretDialog webhook={task.item} onClose={() => close()} />}
      {task?.kind === 'deliveries' && <WebhookDeliveriesDialog webhook={task.item} onClose={() => close()} />}
      {task?.kind === 'delete' && (
        <ConfirmDialog
          question={`Delete webhook ${webhookName(task.item)}? Its deliveries, sent or waiting, go too.`}
          confirmLabel="Delete webhook"
          pendingLabel="Deleting…"
          onConfirm={async () => {
            await deleteWebhook(task.item.webhookId);
            await webhooks.refresh();
          }}
          onDone={() => close(`Webhook ${webhookName(task.item)} deleted.`)}
          onCancel={() => close()}
        />
      )}
    </section>
  );
}

const isOwnersOnly = (error: unknown) => error instanceof ApiError && error.code === 'NOT_ENOUGH_PERMISSION';
