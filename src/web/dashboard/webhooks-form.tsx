import {
  type CreatedWebhook,
  createWebhook,
  updateWebhook,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type Webhook,
  type WebhookEvent,
  type WebhookInput,
} from '../api/dashboard-webhooks.js';
import { Field } from '../components/field.js';
import { FormProblem, SubmitButton, useSubmission } from '../pages/account-form.js';
import { Checkbox, useDraft } from './form-parts.js';
import { ModalDialog } from './modal-dialog.js';
import { EVENT_LABELS, FORMAT_HINTS, FORMAT_LABELS, webhookName } from './webhooks-words.js';

/** The fields the API may refuse, so its message lands under the right one (`VALIDATION_ERROR`'s path). */
const FIELDS = ['url', 'format', 'events', 'description', 'allowPrivate'] as const;

function draftOf(webhook: Webhook | null): WebhookInput {
  if (!webhook) return { url: '', format: 'json', events: [...WEBHOOK_EVENTS], description: '', allowPrivate: false };
  const events = WEBHOOK_EVENTS.filter((event) => webhook.events.includes(event));
  return { url: webhook.url, format: webhook.format, events, description: webhook.description ?? '', allowPrivate: webhook.allowPrivate };
}

interface WebhookFormProps {
  /** null to add one. */
  webhook: Webhook | null;
  /** The webhook as the API stored it; a new one comes with its secret. */
  onSaved: (webhook: Webhook | CreatedWebhook) => Promise<void>;
  onCancel: () => void;
}

/** Adds a webhook, or edits one, in a dialog: address, format, events, description, private addresses. */
export function WebhookForm({ webhook, onSaved, onCancel }: WebhookFormProps) {
  const form = useSubmission('webhook', FIELDS);
  const { draft, edit } = useDraft(draftOf(webhook));
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      const input = { ...draft, url: draft.url.trim(), description: draft.description.trim() };
      await onSaved(webhook ? await updateWebhook(webhook.webhookId, input) : await createWebhook(input));
    });
  };
  const url = form.field('url');
  const description = form.field('description');
  return (
    <ModalDialog title={webhook ? `Edit webhook ${webhookName(webhook)}` : 'Add webhook'} onClose={onCancel} busy={form.pending}>
      <form class="webhook-form" onSubmit={submit} noValidate aria-label={webhook ? 'Edit webhook' : 'Add webhook'}>
        <Field id={url.id} label="URL" error={url.error} hint="Where feedbackd sends each event, as a POST request. HTTPS keeps it private on the way.">
          {(describedBy, invalid) => (
            <input
              id={url.id}
              name={url.name}
              type="text"
              inputMode="url"
              autocomplete="off"
              spellcheck={false}
              placeholder="https://"
              value={draft.url}
              onInput={(event) => edit({ url: event.currentTarget.value })}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              // biome-ignore lint/a11y/noAutofocus: the dialog opens on request; its first field takes focus (modal-dialog.tsx).
              autoFocus
            />
          )}
        </Field>
        <FormatChoice value={draft.format} error={form.field('format').error} onChange={(format) => edit({ format })} />
        <EventChoice value={draft.events} error={form.field('events').error} onChange={(events) => edit({ events })} />
        <Field id={description.id} label="Description (optional)" error={description.error} hint="For you: which channel or service it feeds.">
          {(describedBy, invalid) => (
            <input
              id={description.id}
              name={description.name}
              type="text"
              maxLength={200}
              value={draft.description}
              onInput={(event) => edit({ description: event.currentTarget.value })}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <Checkbox
          id="webhook-allowPrivate"
          label="Allow private addresses"
          description="Lets it reach this server's own network (localhost, 10.x, 192.168.x): only for a receiver you run yourself."
          checked={draft.allowPrivate}
          onChange={(allowPrivate) => edit({ allowPrivate })}
        />
        <FieldError id="webhook-allowPrivate-error" error={form.field('allowPrivate').error} />
        <FormProblem error={form.formError} />
        <div class="dashboard-form__actions webhook-form__actions">
          <SubmitButton pending={form.pending} label={webhook ? 'Save webhook' : 'Add webhook'} pendingLabel={webhook ? 'Saving…' : 'Adding…'} />
          <button type="button" class="button" disabled={form.pending} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

function FieldError({ id, error }: { id: string; error: string | null }) {
  return (
    <span id={id} class="field__error webhook-form__error" aria-live="polite">
      {error ?? ''}
    </span>
  );
}

function FormatChoice({ value, error, onChange }: { value: WebhookInput['format']; error: string | null; onChange: (format: WebhookInput['format']) => void }) {
  return (
    <fieldset class="webhook-form__group" aria-describedby="webhook-format-error">
      <legend>Format</legend>
      {WEBHOOK_FORMATS.map((format, index) => (
        <div class="webhook-choice" key={format}>
          <input
            id={index === 0 ? 'webhook-format' : `webhook-format-${format}`}
            type="radio"
            name="webhook-format"
            value={format}
            checked={value === format}
            onChange={() => onChange(format)}
            aria-describedby={`webhook-format-${format}-hint`}
          />
          <label for={index === 0 ? 'webhook-format' : `webhook-format-${format}`}>{FORMAT_LABELS[format]}</label>
          <p id={`webhook-format-${format}-hint`} class="webhook-choice__hint">
            {FORMAT_HINTS[format]}
          </p>
        </div>
      ))}
      <FieldError id="webhook-format-error" error={error} />
    </fieldset>
  );
}

function EventChoice({ value, error, onChange }: { value: WebhookEvent[]; error: string | null; onChange: (events: WebhookEvent[]) => void }) {
  const toggle = (event: WebhookEvent, on: boolean) => onChange(WEBHOOK_EVENTS.filter((candidate) => (candidate === event ? on : value.includes(candidate))));
  return (
    <fieldset class="webhook-form__group" aria-describedby="webhook-events-error">
      <legend>Events</legend>
      <div class="webhook-events">
        {WEBHOOK_EVENTS.map((event, index) => {
          const id = index === 0 ? 'webhook-events' : `webhook-events-${event.replace(/\W/g, '-')}`;
          return (
            <div class="webhook-choice" key={event}>
              <input id={id} type="checkbox" checked={value.includes(event)} onChange={(change) => toggle(event, change.currentTarget.checked)} />
              <label for={id}>{EVENT_LABELS[event]}</label>
            </div>
          );
        })}
      </div>
      <FieldError id="webhook-events-error" error={error} />
    </fieldset>
  );
}
