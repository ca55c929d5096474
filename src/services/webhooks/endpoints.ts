/*
 * The owner's webhook endpoints (issue 17 §4): create, list, change, remove, and their deliveries.
 * Only the owner: an endpoint sends the board's content, internal fields excepted, to a third party.
 */
import { randomUUID } from 'node:crypto';
import { appError } from '../../errors.js';
import { WEBHOOK_DELIVERY_STATUSES } from '../../storage/enumerations.js';
import type { Repositories, WebhookEndpointRow } from '../../storage/types.js';
import type { Actor, ServiceContext } from '../context.js';
import { type Body, integerInRange, isAbsentFilter, lookupKey, oneOf } from '../validation/fields.js';
import { type HostResolving, parseEndpointPatch, parseNewEndpoint } from './endpoint-input.js';
import { type CreatedWebhookView, type DeliveryView, toDeliveryView, toWebhookView, type WebhookView } from './endpoint-views.js';
import { newWebhookSecret } from './signature.js';

export const DELIVERY_LIST_MAX = 100;

/** Webhooks are the owner's alone. */
export function requireOwner(actor: Actor): void {
  if (!actor.user.isOwner) throw appError('NOT_ENOUGH_PERMISSION');
}

/** The endpoint a path names; 404 WEBHOOK_NOT_FOUND for an unknown or malformed id. */
export async function findEndpoint(repos: Pick<Repositories, 'webhookEndpoints'>, idParam: unknown): Promise<WebhookEndpointRow> {
  const id = lookupKey(idParam);
  const endpoint = id === undefined ? undefined : await repos.webhookEndpoints.get(id);
  if (!endpoint) throw appError('WEBHOOK_NOT_FOUND');
  return endpoint;
}

/** `POST /webhooks`: a new endpoint with a new secret, shown in this answer only. */
export async function createWebhook(ctx: ServiceContext, actor: Actor, body: Body): Promise<CreatedWebhookView> {
  requireOwner(actor);
  const input = await parseNewEndpoint(body, hostResolving(ctx));
  const now = new Date().toISOString();
  const row: WebhookEndpointRow = {
    id: randomUUID(),
    ...input,
    secret: newWebhookSecret(),
    enabled: true,
    failingSince: null,
    disabledReason: null,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.storage.transaction((tx) => tx.webhookEndpoints.insert(row));
  return { ...toWebhookView(row), secret: row.secret };
}

/** The process's resolver of webhook host names (the system's unless the context has its own) and its deadline. */
function hostResolving(ctx: ServiceContext): HostResolving {
  return { lookup: ctx.lookupWebhookHost, timeoutMs: ctx.config.webhookTimeoutMs };
}

/** `GET /webhooks`: every endpoint, oldest first. */
export async function listWebhooks(ctx: ServiceContext, actor: Actor): Promise<WebhookView[]> {
  requireOwner(actor);
  return (await ctx.storage.webhookEndpoints.list()).map(toWebhookView);
}

/** `GET /webhooks/:id`. */
export async function showWebhook(ctx: ServiceContext, actor: Actor, idParam: unknown): Promise<WebhookView> {
  requireOwner(actor);
  return toWebhookView(await findEndpoint(ctx.storage, idParam));
}

/**
 * `PATCH /webhooks/:id`. Turning an endpoint on again clears the circuit (its failure clock and
 * reason), so its waiting deliveries are tried at once. The body is checked before the
 * transaction: resolving a new URL's host may take seconds, too long to hold it (should
 * `allowPrivate` change meanwhile, each delivery checks the URL again).
 */
export async function updateWebhook(ctx: ServiceContext, actor: Actor, idParam: unknown, body: Body): Promise<WebhookView> {
  requireOwner(actor);
  const current = await findEndpoint(ctx.storage, idParam);
  const patch = await parseEndpointPatch(body, current.allowPrivate, hostResolving(ctx));
  const row = await ctx.storage.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, idParam);
    const reopened = patch.enabled === true && !endpoint.enabled ? { failingSince: null, disabledReason: null } : {};
    return tx.webhookEndpoints.update(endpoint.id, { ...patch, ...reopened, updatedAt: new Date().toISOString() });
  });
  return toWebhookView(row);
}

/** `DELETE /webhooks/:id`: the endpoint and its deliveries, sent or not. */
export async function deleteWebhook(ctx: ServiceContext, actor: Actor, idParam: unknown): Promise<void> {
  requireOwner(actor);
  await ctx.storage.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, idParam);
    await tx.webhookDeliveries.deleteByEndpoint(endpoint.id);
    await tx.webhookEndpoints.delete(endpoint.id);
  });
}

/** `GET /webhooks/:id/deliveries?status=&limit=`: newest first, kept 7 days once finished. */
export async function listWebhookDeliveries(ctx: ServiceContext, actor: Actor, idParam: unknown, query: Body): Promise<DeliveryView[]> {
  requireOwner(actor);
  const endpoint = await findEndpoint(ctx.storage, idParam);
  const limit = integerInRange(query.limit, 'limit', 1, DELIVERY_LIST_MAX, 20);
  const status = isAbsentFilter(query.status) ? undefined : oneOf(query.status, 'status', WEBHOOK_DELIVERY_STATUSES, 'pending');
  const rows = await ctx.storage.webhookDeliveries.list({ endpointId: endpoint.id, status, limit });
  return rows.map(toDeliveryView);
}
