import { listDeliveries, type Webhook, type WebhookDelivery } from '../api/dashboard-webhooks.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { formatNumber } from '../format.js';
import { useLoad } from '../use-load.js';
import { ModalDialog } from './modal-dialog.js';
import { TableWrap } from './table-wrap.js';
import { eventLabel, responseText, STATUS_LABELS, webhookName } from './webhooks-words.js';

/** To the second: deliveries come close together, and a receiver's log is read by the time. */
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The newest deliveries of one webhook (finished ones are kept 7 days), re-read on request. */
export function WebhookDeliveriesDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const deliveries = useLoad(() => listDeliveries(webhook.webhookId, 50), [webhook.webhookId]);
  return (
    <ModalDialog title={`Deliveries to ${webhookName(webhook)}`} onClose={onClose}>
      <p class="modal-dialog__about">The newest first; finished deliveries are kept for 7 days.</p>
      {deliveries.error !== null && <ErrorNotice error={deliveries.error} onRetry={deliveries.reload} />}
      {deliveries.data ? (
        <DeliveriesTable deliveries={deliveries.data} busy={deliveries.loading} />
      ) : (
        deliveries.error === null && <Skeleton rows={3} label="Loading the deliveries" />
      )}
      <div class="form-actions webhook-deliveries__actions">
        <button type="button" class="button" disabled={deliveries.loading} onClick={deliveries.reload}>
          {deliveries.loading && deliveries.data ? 'Refreshing…' : 'Refresh'}
        </button>
        <button type="button" class="button button--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}

/** When a waiting delivery is tried again. */
function NextTry({ iso }: { iso: string }) {
  return (
    <span class="webhook-deliveries__next">
      {' '}
      (next try <time dateTime={iso}>{exact.format(new Date(iso))}</time>)
    </span>
  );
}

function DeliveriesTable({ deliveries, busy }: { deliveries: WebhookDelivery[]; busy: boolean }) {
  if (deliveries.length === 0) return <p class="catalogue-empty">No deliveries yet. Send a test to see one here.</p>;
  return (
    <TableWrap label="Deliveries table" busy={busy}>
      <table class="dashboard-table webhook-deliveries webhook-cards">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col" class="dashboard-table__number">
              Attempts
            </th>
            <th scope="col">Response</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.deliveryId}>
              <td class="webhook-deliveries__time" data-label="Time">
                <time dateTime={delivery.createdAt}>{exact.format(new Date(delivery.createdAt))}</time>
              </td>
              <td data-label="Event">{eventLabel(delivery.event)}</td>
              <td data-label="Status">
                <span class={`webhook-status webhook-status--${delivery.status}`}>{STATUS_LABELS[delivery.status]}</span>
                {delivery.nextAttemptAt && <NextTry iso={delivery.nextAttemptAt} />}
              </td>
              <td class="dashboard-table__number" data-label="Attempts">{formatNumber(delivery.attempts)}</td>
              <td class="webhook-deliveries__response" data-label="Response">{delivery.attempts === 0 ? '—' : responseText(delivery)}</td>
              {delivery.error ? (
                <td class="webhook-deliveries__error" data-label="Error">
                  {delivery.error}
                </td>
              ) : (
                <td class="webhook-deliveries__error" />
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
