/*
 * One POST to a checked webhook target and the receiver's answer, read with limits. The connection
 * goes only to the addresses the guard checked: the `lookup` given to node:http answers them and
 * nothing else, so a DNS answer that changes after the check (rebinding) is never asked for. The
 * URL's host name stays the Host header and, for https, the name the certificate must match.
 */
import type { LookupAddress } from 'node:dns';
import { type IncomingMessage, type OutgoingHttpHeaders, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTarget } from './target-guard.js';

/** Most bytes of an answer's body read; then the connection is closed (a receiver cannot make us download a file). */
export const RESPONSE_READ_LIMIT = 64 * 1024;

/** Bytes of the answer's body kept for the owner's delivery list. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** What the receiver answered. */
export interface Answer {
  status: number;
  /** The Location header of a redirect, never requested. */
  location?: string;
  /** The start of the body (at most RESPONSE_EXCERPT_BYTES, as UTF-8 text). */
  excerpt: string;
}

/**
 * POSTs `body` to the target. Rejects with the network error (ECONNREFUSED…, or the abort when
 * `signal` fires) until the status line arrives; after that the answer is the receiver's and the
 * body is only read for its excerpt, up to RESPONSE_READ_LIMIT or `signal`, whichever comes first.
 * Redirects are not followed: node:http never does, and the caller judges the status.
 */
export function exchange(target: WebhookTarget, body: string, headers: OutgoingHttpHeaders, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
    // A fresh connection each time (agent: false): a pooled one could reach an address checked for another endpoint.
    const outgoing = send(target.url, { method: 'POST', headers, agent: false, lookup: pinnedLookup(target.addresses), signal });
    outgoing.on('error', reject);
    outgoing.once('response', (response) => {
      // From now on a failure only shortens the excerpt; the listener stays so an error is never unhandled.
      outgoing.off('error', reject).on('error', () => {});
      void readExcerpt(response, signal).then((excerpt) => resolve({ status: response.statusCode ?? 0, location: response.headers.location, excerpt }));
    });
    outgoing.end(body);
  });
}

/** A `lookup` for node:net that answers the checked addresses, whatever the name (sign-in pictures are fetched the same way). */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    // node:net asks for all addresses when it tries IPv6 and IPv4 in turn (autoSelectFamily).
    if (options.all) {
      callback(null, [...addresses]);
    } else {
      const [first] = addresses as [LookupAddress];
      callback(null, first.address, first.family);
    }
  };
}

/** The start of the body as text; reading stops at RESPONSE_READ_LIMIT bytes, at `signal` or at any error, and never throws. */
async function readExcerpt(response: IncomingMessage, signal: AbortSignal): Promise<string> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let readBytes = 0;
  const stop = () => response.destroy();
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      if (keptBytes < RESPONSE_EXCERPT_BYTES) {
        const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
      readBytes += chunk.length;
      if (readBytes >= RESPONSE_READ_LIMIT) break;
    }
  } catch {
    // Cut off by the deadline or by the receiver: the excerpt is what arrived.
  } finally {
    signal.removeEventListener('abort', stop);
    response.socket?.destroy();
  }
  // `stream: true` leaves out a character cut in half at the excerpt's end instead of showing U+FFFD.
  return new TextDecoder().decode(Buffer.concat(kept), { stream: true });
}
