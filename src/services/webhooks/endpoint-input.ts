import { validationError } from '../../errors.js';
import { WEBHOOK_FORMATS } from '../../storage/enumerations.js';
import type { WebhookFormat } from '../../storage/types.js';
import { parseBoolean } from '../validation/colors-urls.js';
import { type Body, codePointLength, isAbsentFilter, oneOf, optionalString } from '../validation/fields.js';
import { WEBHOOK_EVENTS, type WebhookEventName } from './events.js';
import { checkWebhookHost, checkWebhookUrl, type HostCheckOptions } from './target-guard.js';

export const WEBHOOK_DESCRIPTION_MAX = 200;

/** A new endpoint as asked for, checked. */
export interface WebhookEndpointInput {
  url: string;
  format: WebhookFormat;
  events: WebhookEventName[];
  description: string | null;
  allowPrivate: boolean;
}

/** What `PATCH` may change; absent fields stay. */
export type WebhookEndpointPatch = Partial<WebhookEndpointInput & { enabled: boolean }>;

/** How a URL's host name is resolved when it is checked (checkWebhookHost), less the flag the body decides. */
export type HostResolving = Omit<HostCheckOptions, 'allowPrivate'>;

/** `POST /webhooks`: url required; every event, `json` and no private targets by default. */
export async function parseNewEndpoint(body: Body, resolving: HostResolving): Promise<WebhookEndpointInput> {
  const allowPrivate = body.allowPrivate === undefined ? false : parseBoolean(body.allowPrivate, 'allowPrivate');
  if (body.url === undefined || body.url === null || body.url === '') throw validationError('url', 'is required');
  return {
    url: await checkedUrl(body.url, { ...resolving, allowPrivate }),
    format: oneOf(body.format, 'format', WEBHOOK_FORMATS, 'json'),
    events: body.events === undefined ? [...WEBHOOK_EVENTS] : parseEvents(body.events),
    description: parseDescription(body.description),
    allowPrivate,
  };
}

/** `PATCH /webhooks/:id`: the URL is checked against the flag it will have after the change. */
export async function parseEndpointPatch(body: Body, currentAllowPrivate: boolean, resolving: HostResolving): Promise<WebhookEndpointPatch> {
  const patch: WebhookEndpointPatch = {};
  if (body.allowPrivate !== undefined) patch.allowPrivate = parseBoolean(body.allowPrivate, 'allowPrivate');
  if (body.url !== undefined) patch.url = await checkedUrl(body.url, { ...resolving, allowPrivate: patch.allowPrivate ?? currentAllowPrivate });
  if (body.format !== undefined) patch.format = oneOf(body.format, 'format', WEBHOOK_FORMATS, 'json');
  if (body.events !== undefined) patch.events = parseEvents(body.events);
  if (body.description !== undefined) patch.description = parseDescription(body.description);
  if (body.enabled !== undefined) patch.enabled = parseBoolean(body.enabled, 'enabled');
  return patch;
}

/** The URL's form and IP literal, then its host name's addresses; the normalised URL. */
async function checkedUrl(value: unknown, options: HostCheckOptions): Promise<string> {
  const url = checkWebhookUrl(value, options);
  await checkWebhookHost(url, options);
  return url.href;
}

/** A non-empty list of known event names, kept in WEBHOOK_EVENTS order without duplicates. */
export function parseEvents(value: unknown): WebhookEventName[] {
  if (!Array.isArray(value)) throw validationError('events', `must be an array of event names (${WEBHOOK_EVENTS.join(', ')})`);
  if (value.length === 0) throw validationError('events', 'must name at least one event');
  for (const [index, item] of value.entries()) {
    if (!(WEBHOOK_EVENTS as readonly unknown[]).includes(item)) {
      throw validationError(`events.${index}`, `must be one of: ${WEBHOOK_EVENTS.join(', ')}`);
    }
  }
  return WEBHOOK_EVENTS.filter((event) => value.includes(event));
}

function parseDescription(value: unknown): string | null {
  if (isAbsentFilter(value)) return null;
  const text = optionalString(value, 'description')?.trim() ?? '';
  if (codePointLength(text) > WEBHOOK_DESCRIPTION_MAX) throw validationError('description', `must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`);
  return text === '' ? null : text;
}
