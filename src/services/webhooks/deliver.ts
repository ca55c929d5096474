/*
 * The HTTP delivery of one webhook (issue 17 §6–7), for the outbox worker: the body is already
 * prepared and signed, this sends it once and reports what happened. It never throws for a network
 * or HTTP failure — the worker records the result and decides about retrying.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { VERSION } from '../../version.js';
import { exchange } from './deliver-exchange.js';
import { failureText, statusText } from './deliver-errors.js';
import { checkWebhookUrl, type HostLookup, resolveWebhookTarget } from './target-guard.js';

/** One delivery to make. */
export interface DeliveryRequest {
  /** The endpoint's URL, checked again here (it may have been stored before a rule changed). */
  url: string;
  /** The endpoint was created with the explicit flag that lets it reach loopback and private addresses. */
  allowPrivate: boolean;
  /** The prepared body, sent as it is. */
  body: string;
  /** Headers such as the signature; they win over the defaults (User-Agent, Content-Type). */
  headers?: Readonly<Record<string, string>>;
}

/** The process's part: the setting and the parts tests replace. */
export interface DeliveryOptions {
  /** The `webhookTimeoutMs` setting: one deadline for resolving, connecting, sending and receiving. */
  timeoutMs: number;
  /** Resolver of the endpoint's host name; the system's by default. */
  lookup?: HostLookup;
  /** Milliseconds on a clock that never goes back, for the duration. */
  now?: () => number;
}

/** A resolver to use instead of the system's (tests). */
export interface HostLookupOption {
  lookup?: HostLookup;
}

/** What happened, for the delivery list and the retry decision. */
export interface DeliveryResult {
  /** The receiver answered 2xx. */
  ok: boolean;
  /** The receiver's status, when it answered. */
  status?: number;
  durationMs: number;
  /** Why it failed, in the owner's words; absent when ok. */
  error?: string;
  /** The start of the receiver's answer (at most 1 KiB), when it answered. */
  responseExcerpt?: string;
}

const USER_AGENT = `feedbackd/${VERSION} (webhook)`;

/** Sends one webhook: check the URL, resolve and check its addresses, POST to them; never throws. */
export async function deliverWebhook(request: DeliveryRequest, options: DeliveryOptions): Promise<DeliveryResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const elapsed = () => Math.round(now() - started);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  try {
    const url = checkWebhookUrl(request.url, { allowPrivate: request.allowPrivate });
    const resolving = resolveWebhookTarget(url, { allowPrivate: request.allowPrivate, lookup: options.lookup });
    const target = await untilAborted(resolving, deadline.signal);
    const answer = await exchange(target, request.body, outgoingHeaders(request), deadline.signal);
    const ok = answer.status >= 200 && answer.status < 300;
    const result: DeliveryResult = { ok, status: answer.status, durationMs: elapsed(), responseExcerpt: answer.excerpt };
    if (!ok) result.error = statusText(answer.status, answer.location);
    return result;
  } catch (error) {
    const text = deadline.signal.aborted ? `timed out after ${options.timeoutMs} ms` : failureText(error);
    return { ok: false, durationMs: elapsed(), error: text };
  } finally {
    clearTimeout(timer);
  }
}

/** The defaults, then the caller's headers (any case); Content-Length is always the body's. */
function outgoingHeaders(request: DeliveryRequest): OutgoingHttpHeaders {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  headers['content-length'] = String(Buffer.byteLength(request.body));
  return headers;
}

/** The promise, or a rejection when `signal` fires first: a resolver that hangs must not outlast the deadline. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
