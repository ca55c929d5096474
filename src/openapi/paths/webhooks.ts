/*
 * feedbackd's webhook routes (issue 17, documented in README.md): the owner's endpoints, a test
 * delivery and each endpoint's recent deliveries. Owner only: an endpoint sends the board's content
 * to a third party. Shapes and fields: ./webhooks-fields.ts.
 */
import { answer, arrayOf, input, type OperationSpec, operation, type Paths, ref } from '../kit.js';
import { deliveryQuery, webhookBodyFields, webhookIdParam } from './webhooks-fields.js';

const TAG = 'Webhooks';
const OWNER_FIRST = 'The owner check comes first (403), then the endpoint (404)';

/** What every webhook route has in common: the tag, the README as contract, owner-only auth. */
function webhookOperation(spec: Omit<OperationSpec, 'tag' | 'section' | 'auth' | 'permission'>): OperationSpec {
  return { ...spec, tag: TAG, section: 'README', auth: 'required', permission: 'owner only' };
}

const webhook = answer({ webhook: ref('Webhook') });
const pathParams = { webhook_id: webhookIdParam };

export const webhookPaths: Paths = {
  '/webhooks': {
    get: operation(
      'get',
      webhookOperation({
        id: 'listWebhooks',
        summary: 'List webhook endpoints (owner only)',
        description: 'Every webhook endpoint, oldest first, turned off ones included. Secrets are never listed.',
        success: { 200: { description: 'The endpoints.', schema: answer({ webhooks: arrayOf(ref('Webhook')) }) } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'] },
      }),
    ),
    post: operation(
      'post',
      webhookOperation({
        id: 'createWebhook',
        summary: 'Create a webhook endpoint (owner only)',
        description:
          'Creates an endpoint, turned on, with a new secret: the answer is the only place the secret is ever shown. Deliveries in the `json` format are signed with it: ' +
          '`X-Feedbackd-Signature: sha256=<hex HMAC-SHA256 of "<X-Feedbackd-Timestamp>.<body>">`. ' +
          'Fields are checked in the order `allowPrivate`, `url`, `format`, `events`, `description` (400 `VALIDATION_ERROR`).',
        body: input(webhookBodyFields('create'), ['url']),
        success: { 201: { description: 'The new endpoint, with its secret.', schema: answer({ webhook: ref('CreatedWebhook') }) } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 400: ['VALIDATION_ERROR'] },
      }),
    ),
  },
  '/webhooks/{webhook_id}': {
    get: operation(
      'get',
      webhookOperation({
        id: 'getWebhook',
        summary: 'One webhook endpoint (owner only)',
        description: `The endpoint, without its secret. ${OWNER_FIRST}.`,
        pathParams,
        success: { 200: { description: 'The endpoint.', schema: webhook } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: ['WEBHOOK_NOT_FOUND'] },
      }),
    ),
    patch: operation(
      'patch',
      webhookOperation({
        id: 'updateWebhook',
        summary: 'Change a webhook endpoint (owner only)',
        description:
          'Writes the fields sent and sets `updatedAt`; omitted fields stay as they are. Turning a turned-off endpoint on (`enabled: true`) clears `failingSince` and `disabledReason`. The secret does not change. ' +
          `${OWNER_FIRST}, then the fields in the order \`allowPrivate\`, \`url\`, \`format\`, \`events\`, \`description\`, \`enabled\` (400 \`VALIDATION_ERROR\`).`,
        pathParams,
        body: input(webhookBodyFields('patch')),
        success: { 200: { description: 'The endpoint as it is now.', schema: webhook } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: ['WEBHOOK_NOT_FOUND'], 400: ['VALIDATION_ERROR'] },
      }),
    ),
    delete: operation(
      'delete',
      webhookOperation({
        id: 'deleteWebhook',
        summary: 'Remove a webhook endpoint (owner only)',
        description: `Removes the endpoint and its deliveries, sent or waiting. ${OWNER_FIRST}.`,
        pathParams,
        success: { 204: { description: 'Removed; no body.' } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: ['WEBHOOK_NOT_FOUND'] },
      }),
    ),
  },
  '/webhooks/{webhook_id}/test': {
    post: operation(
      'post',
      webhookOperation({
        id: 'testWebhook',
        summary: 'Send a test delivery now (owner only)',
        description:
          'Sends one `webhook.test` delivery now, whatever the endpoint’s events and even when it is turned off, and answers what the receiver did (a 200 either way: read `status`). ' +
          'The attempt is recorded among its deliveries and never retried. It takes at most the server’s webhook timeout. ' +
          `${OWNER_FIRST}.`,
        pathParams,
        success: { 200: { description: 'The delivery: `delivered` with the receiver’s 2xx status, or `failed` with `error`.', schema: answer({ delivery: ref('WebhookDelivery') }) } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: ['WEBHOOK_NOT_FOUND'] },
      }),
    ),
  },
  '/webhooks/{webhook_id}/deliveries': {
    get: operation(
      'get',
      webhookOperation({
        id: 'listWebhookDeliveries',
        summary: 'An endpoint’s recent deliveries (owner only)',
        description:
          'The endpoint’s deliveries, newest first; finished ones are kept 7 days. The bodies sent are not listed. ' +
          `${OWNER_FIRST}, then \`limit\` and \`status\` (400 \`VALIDATION_ERROR\`).`,
        pathParams,
        query: deliveryQuery,
        success: { 200: { description: 'The deliveries.', schema: answer({ deliveries: arrayOf(ref('WebhookDelivery')) }) } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: ['WEBHOOK_NOT_FOUND'], 400: ['VALIDATION_ERROR'] },
      }),
    ),
  },
};
