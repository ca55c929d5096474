import type { WebhookDeliveriesRepo, WebhookDeliveryRow, WebhookEndpointsRepo } from '../../types.js';
import { Params } from '../content/sql.js';
import { tableRepo } from '../core/table.js';
import { mappingUnique } from '../errors.js';
import type { Queryable } from '../queryable.js';
import { deleteBy, rowLimit, rowsOf, selectFrom } from './rows.js';
import { WEBHOOK_DELIVERIES, WEBHOOK_ENDPOINTS } from './tables.js';

export function createWebhookEndpointsRepo(db: Queryable): WebhookEndpointsRepo {
  return {
    ...tableRepo(db, WEBHOOK_ENDPOINTS),
    list: () => rowsOf(db, WEBHOOK_ENDPOINTS, `${selectFrom(WEBHOOK_ENDPOINTS)} ORDER BY created_at, id`, []),
  };
}

/** The SQL type of each column of webhook_deliveries, for the arrays insertMany unnests. */
const DELIVERY_TYPES: { readonly [K in keyof WebhookDeliveryRow]-?: string } = {
  id: 'text',
  endpointId: 'text',
  event: 'text',
  body: 'text',
  status: 'text',
  attempts: 'integer',
  nextAttemptAt: 'timestamptz',
  lastAttemptAt: 'timestamptz',
  responseStatus: 'integer',
  durationMs: 'double precision',
  error: 'text',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
};

export function createWebhookDeliveriesRepo(db: Queryable): WebhookDeliveriesRepo {
  return {
    ...tableRepo(db, WEBHOOK_DELIVERIES),
    insertMany: (rows) => insertDeliveries(db, rows),
    // Only the deliveries are locked (OF d): workers claiming at once must not skip each other's
    // deliveries because they share an endpoint row.
    claimDue: (now, limit) =>
      rowsOf(
        db,
        WEBHOOK_DELIVERIES,
        `${selectFrom(WEBHOOK_DELIVERIES, 'd')} JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND e.enabled
          ORDER BY d.next_attempt_at, d.id LIMIT $2 FOR UPDATE OF d SKIP LOCKED`,
        [now, rowLimit(limit)],
      ),
    list: (request) => {
      const params = new Params();
      const where = [
        ...(request.endpointId === undefined ? [] : [`endpoint_id = ${params.add(request.endpointId)}`]),
        ...(request.status === undefined ? [] : [`status = ${params.add(request.status)}`]),
      ];
      const filter = where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
      const limit = params.add(rowLimit(request.limit));
      return rowsOf(db, WEBHOOK_DELIVERIES, `${selectFrom(WEBHOOK_DELIVERIES)}${filter} ORDER BY created_at DESC, id DESC LIMIT ${limit}`, params.values);
    },
    deleteFinishedBefore: async (before) => {
      const { rowCount } = await db.query("DELETE FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < $1", [before]);
      return rowCount ?? 0;
    },
    deleteByEndpoint: (endpointId) => deleteBy(db, WEBHOOK_DELIVERIES.table, 'endpoint_id', endpointId),
  };
}

/**
 * A whole fan-out in one statement, one array per column: all rows or none, even outside a
 * transaction, whatever their number. A taken or repeated id fails it (UniqueViolation `webhookDeliveries.id`).
 */
async function insertDeliveries(db: Queryable, rows: readonly WebhookDeliveryRow[]): Promise<void> {
  if (rows.length === 0) return;
  const fields = Object.keys(WEBHOOK_DELIVERIES.columns) as Array<keyof WebhookDeliveryRow>;
  const columns = fields.map((field) => `"${WEBHOOK_DELIVERIES.columns[field]}"`).join(', ');
  const arrays = fields.map((field, n) => `$${n + 1}::${DELIVERY_TYPES[field]}[]`).join(', ');
  const values = fields.map((field) => rows.map((row) => row[field] ?? null));
  await mappingUnique(() => db.query(`INSERT INTO webhook_deliveries (${columns}) SELECT * FROM unnest(${arrays})`, values));
}
