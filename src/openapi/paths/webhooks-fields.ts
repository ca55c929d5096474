/*
 * The shapes and body fields of the webhook routes (feedbackd's extension, issue 17): the endpoint
 * as the API shows it, the one answer that holds its secret, and a delivery. ./webhooks.ts places
 * the operations on their paths; the shapes join components.schemas (../schemas.ts).
 */
import { DELIVERY_LIST_MAX } from '../../services/webhooks/endpoints.js';
import { WEBHOOK_DESCRIPTION_MAX } from '../../services/webhooks/endpoint-input.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_FORMATS } from '../../storage/enumerations.js';
import { WEBHOOK_EVENTS } from '../../services/webhooks/events.js';
import { WEBHOOK_URL_MAX_LENGTH } from '../../services/webhooks/target-guard.js';
import { TEST_EVENT } from '../../services/webhooks/test-delivery.js';
import { answer, arrayOf, boolean, count, nullable, type QueryParameter, type Schema, timestamp, uuid } from '../kit.js';

const DELIVERY_STATUSES = [...WEBHOOK_DELIVERY_STATUSES];

const formatEnum: Schema = { type: 'string', enum: [...WEBHOOK_FORMATS] };
const eventEnum: Schema = { type: 'string', enum: [...WEBHOOK_EVENTS] };
const eventList: Schema = arrayOf(eventEnum, { minItems: 1, uniqueItems: true });

const WEBHOOK_FIELDS: Record<string, Schema> = {
  webhookId: uuid,
  url: { type: 'string', maxLength: WEBHOOK_URL_MAX_LENGTH, description: 'The receiver’s http:// or https:// URL, normalised (WHATWG URL).' },
  format: { ...formatEnum, description: '`json`: feedbackd’s signed envelope; `slack`, `discord`: a chat message for an incoming webhook of that service.' },
  events: { ...eventList, description: 'The events it receives, in the canonical order.' },
  description: nullable({ type: 'string', maxLength: WEBHOOK_DESCRIPTION_MAX, description: 'The owner’s note; null when none.' }),
  allowPrivate: { ...boolean, description: 'It may reach loopback, private and other internal addresses.' },
  enabled: { ...boolean, description: 'false: no deliveries are attempted (turned off by the owner, or by feedbackd after failing for too long).' },
  failingSince: { ...nullable(timestamp), description: 'Since when every attempt has failed; null while the endpoint answers.' },
  disabledReason: nullable({ type: 'string', description: 'Why feedbackd turned it off; null when it did not.' }),
  createdAt: timestamp,
  updatedAt: timestamp,
};

/** components.schemas: Webhook, CreatedWebhook, WebhookDelivery. */
export const webhookSchemas: Record<string, Schema> = {
  Webhook: answer(WEBHOOK_FIELDS, 'A webhook endpoint as the API shows it: never its secret.'),
  CreatedWebhook: answer(
    {
      ...WEBHOOK_FIELDS,
      secret: {
        type: 'string',
        pattern: '^whsec_[A-Za-z0-9_-]{43}$',
        description: 'Signs every delivery (`X-Feedbackd-Signature`). Shown in this answer only: store it now.',
      },
    },
    'The answer of `POST /webhooks`: the endpoint and, this one time, its secret.',
  ),
  WebhookDelivery: answer(
    {
      deliveryId: { ...uuid, description: '`X-Feedbackd-Delivery`: the same across retries, so receivers deduplicate on it.' },
      webhookId: uuid,
      event: { type: 'string', enum: [...WEBHOOK_EVENTS, TEST_EVENT], description: `The event; \`${TEST_EVENT}\` for a test delivery.` },
      status: { type: 'string', enum: DELIVERY_STATUSES, description: '`pending`: waiting for an attempt or a retry; `delivered`: answered 2xx; `failed`: given up.' },
      attempts: { ...count, description: 'Attempts started so far.' },
      nextAttemptAt: { ...nullable(timestamp), description: 'When the next attempt is due; null once delivered or failed.' },
      lastAttemptAt: nullable(timestamp),
      responseStatus: nullable({ type: 'integer', minimum: 100, maximum: 599, description: 'The receiver’s HTTP status at the last attempt; null when it did not answer.' }),
      durationMs: nullable({ type: 'integer', minimum: 0, description: 'How long the last attempt took, in milliseconds.' }),
      error: nullable({ type: 'string', description: 'Why the last attempt failed, in words; null when it succeeded.' }),
      createdAt: timestamp,
    },
    'One delivery of one event to one endpoint; the body sent is not shown.',
  ),
};

const URL_RULE =
  'An absolute http:// or https:// URL with a host, without user name or password; trimmed, stored normalised. ' +
  'Unless `allowPrivate` is true, a host in a loopback, private, link-local or other internal range is refused: an IP address in one, a `localhost` name (`localhost` and every name under it, never looked up) or a name with any address in one when resolved now; a name that does not resolve (or not within the webhook timeout) is refused too, with a message that says so. ' +
  'Host names are checked again at each delivery (every address they resolve to then), since DNS answers change.';

/** The body fields of `POST` (`create`) and `PATCH` (`patch`); `PATCH` adds `enabled`. */
export function webhookBodyFields(mode: 'create' | 'patch'): Record<string, Schema> {
  const created = mode === 'create';
  return {
    url: {
      type: created ? ['string', 'null'] : 'string',
      maxLength: WEBHOOK_URL_MAX_LENGTH,
      description: created
        ? `Required: absent, \`null\` or \`""\` → 400 \`VALIDATION_ERROR\` "url is required". ${URL_RULE}`
        : `Omitted = unchanged. ${URL_RULE} Checked against \`allowPrivate\` as it is after this change.`,
    },
    format: {
      type: ['string', 'null'],
      enum: [...WEBHOOK_FORMATS, null],
      description: `${created ? 'Default `json`' : 'Omitted = unchanged'}; \`null\` or \`""\` = \`json\`. Case-insensitive.`,
    },
    events: {
      ...eventList,
      description: `${created ? 'Default: every event' : 'Omitted = unchanged'}. At least one; duplicates are dropped and the list is stored in the canonical order. An unknown name → 400 \`VALIDATION_ERROR\` on \`events.<index>\`.`,
    },
    description: {
      type: ['string', 'null'],
      maxLength: WEBHOOK_DESCRIPTION_MAX,
      description: `${created ? 'Optional' : 'Omitted = unchanged'}; trimmed, \`null\` or blank = none.`,
    },
    allowPrivate: {
      ...boolean,
      description: `${created ? 'Default false' : 'Omitted = unchanged'}. true lets the endpoint reach loopback, private and other internal addresses: only for a receiver you run yourself.`,
    },
    ...(created
      ? {}
      : {
          enabled: {
            ...boolean,
            description: 'false turns deliveries off; true turns them on again and clears `failingSince` and `disabledReason`, so waiting deliveries are tried at once.',
          },
        }),
  };
}

/** The query of `GET /webhooks/{webhook_id}/deliveries`. */
export const deliveryQuery: Record<string, QueryParameter> = {
  status: {
    schema: { type: 'string', enum: DELIVERY_STATUSES },
    description: 'Only deliveries in this state (case-insensitive); absent or `""` = all.',
  },
  limit: {
    schema: { type: 'integer', minimum: 1, maximum: DELIVERY_LIST_MAX, default: 20 },
    description: `Most deliveries to return, 1..${DELIVERY_LIST_MAX}, default 20.`,
  },
};

/** `{webhook_id}` of every route below `/webhooks`. */
export const webhookIdParam: QueryParameter = {
  schema: uuid,
  description: 'The endpoint’s `webhookId` (any hex case); anything else, or an unknown id → 404 `WEBHOOK_NOT_FOUND`.',
};
