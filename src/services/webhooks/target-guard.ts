/*
 * SSRF guard for webhook endpoints (issue 17 §7). A webhook URL is chosen by the owner but fetched
 * by the server, from inside its network: without this guard an endpoint could point at the cloud
 * metadata service (169.254.169.254), the database on 10.0.0.5 or an admin port on 127.0.0.1.
 *
 * Three checks: `checkWebhookUrl` when the owner gives the URL (its form, and IP literals),
 * `checkWebhookHost` right after it (the host name's addresses then, so the owner learns at once),
 * and `resolveWebhookTarget` at every delivery (the addresses today, which the DNS owner may change
 * at any time). The delivery then connects only to the addresses this guard returned.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { validationError } from '../../errors.js';

/** Longest webhook URL, as given and after normalising. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** Every address a host name has now (node:dns `lookup` with `all: true`); tests pass their own. */
export type HostLookup = (hostname: string) => Promise<readonly LookupAddress[]>;

/** The operating system's resolver (/etc/hosts, then DNS), like any other client on the machine. */
export const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true });

/** Where a delivery may connect: the URL (its host name stays the Host header and the TLS name) and its checked addresses. */
export interface WebhookTarget {
  url: URL;
  addresses: readonly LookupAddress[];
}

/** A delivery the guard will not make (a blocked address, a name without addresses); the message is written for the owner. */
export class WebhookTargetRefused extends Error {
  override readonly name = 'WebhookTargetRefused';
}

/** The ranges a webhook may not reach without `allowPrivate`, each named as the owner reads it. */
const BLOCKED_RANGES: ReadonlyArray<readonly [kind: string, subnets: readonly string[]]> = [
  ['a loopback', ['127.0.0.0/8', '::1/128']],
  ['an unspecified', ['0.0.0.0/8', '::/128']],
  ['a link-local', ['169.254.0.0/16', 'fe80::/10']],
  ['a private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
  ['a shared (carrier-grade NAT)', ['100.64.0.0/10']],
  ['a multicast', ['224.0.0.0/4', 'ff00::/8']],
  ['a broadcast', ['255.255.255.255/32']],
  // IETF protocol assignments, benchmarking (used inside some networks), class E; IPv6 site-local and
  // the deprecated IPv4-compatible form (::a.b.c.d): none is a public web server.
  ['a reserved', ['192.0.0.0/24', '198.18.0.0/15', '240.0.0.0/4', 'fec0::/10', '::/96']],
];

const RANGE_LISTS = BLOCKED_RANGES.map(([kind, subnets]) => ({ kind, list: blockListOf(subnets) }));

/** The NAT64 well-known prefix: 64:ff9b::a.b.c.d reaches IPv4 a.b.c.d through the network's gateway. */
const NAT64 = blockListOf(['64:ff9b::/96']);

function blockListOf(subnets: readonly string[]): BlockList {
  const list = new BlockList();
  for (const subnet of subnets) {
    const [network, prefix] = subnet.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/**
 * The kind of blocked range an IP address falls in (`a private`, `a loopback`, …), or null for an
 * address a webhook may reach. IPv4-mapped IPv6 (::ffff:127.0.0.1) is checked as its IPv4 address
 * (BlockList does that itself), NAT64 addresses as the IPv4 address they embed.
 */
export function blockedRangeOf(address: string): string | null {
  // A zone (fe80::1%eth0) names an interface, not a different address.
  const bare = address.split('%')[0]!;
  const family = isIP(bare);
  if (family === 0) throw new Error(`Not an IP address: ${address}`);
  const type = family === 6 ? 'ipv6' : 'ipv4';
  const range = RANGE_LISTS.find(({ list }) => list.check(bare, type));
  if (range) return range.kind;
  if (type === 'ipv6' && NAT64.check(bare, 'ipv6')) return blockedRangeOf(embeddedIPv4(bare));
  return null;
}

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIPv4(address: string): string {
  const groups = expandIPv6(address);
  const high = Number.parseInt(groups[6]!, 16);
  const low = Number.parseInt(groups[7]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight hex groups of an IPv6 address; a dotted IPv4 tail becomes two groups. */
function expandIPv6(address: string): string[] {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::') as [string, string | undefined];
  const headGroups = head === '' ? [] : head.split(':');
  if (tail === undefined) return headGroups;
  const tailGroups = tail === '' ? [] : tail.split(':');
  return [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
}

/** What the owner reads: which kind of address, which address, and how to allow it on purpose. */
function blockedText(verb: 'is' | 'resolves to', kind: string, address: string): string {
  return `${verb} ${kind} address (${address}); ${ALLOW_PRIVATE_HINT}`;
}

const ALLOW_PRIVATE_HINT = 'allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)';

/** The refusal of the first address in a blocked range, or null when a webhook may reach every one. */
function blockedAddressText(addresses: readonly LookupAddress[], verb: 'is' | 'resolves to'): string | null {
  for (const { address } of addresses) {
    const kind = blockedRangeOf(address);
    if (kind !== null) return blockedText(verb, kind, address);
  }
  return null;
}

/** RFC 6761 §6.3: `localhost` and every name under it are the loopback interface, whatever DNS would say. */
function isLocalhostName(hostname: string): boolean {
  return /(?:^|\.)localhost\.?$/i.test(hostname);
}

function localhostText(hostname: string): string {
  return `is a loopback host name (${hostname}); ${ALLOW_PRIVATE_HINT}`;
}

/** The URL's host as an IP address when it is one (WHATWG URL has already turned 2130706433 into 127.0.0.1), else null. */
function ipLiteralOf(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) === 0 ? null : host;
}

/**
 * The owner's check of a webhook URL, when an endpoint is created: a string of at most 2,048
 * characters, an absolute http:// or https:// URL with a host and without user name or password
 * (they would be sent in the clear to every log on the way, and the signature is the credential).
 * A host given as an IP address in a blocked range is refused now unless `allowPrivate`; host names
 * are `checkWebhookHost`'s. Returns the normalised URL; throws VALIDATION_ERROR on path `url`.
 */
export function checkWebhookUrl(value: unknown, options: { allowPrivate: boolean }): URL {
  const url = parseWebhookUrl(value);
  const literal = ipLiteralOf(url);
  if (literal === null || options.allowPrivate) return url;
  const kind = blockedRangeOf(literal);
  if (kind !== null) throw validationError('url', blockedText('is', kind, literal));
  return url;
}

const MISSING_HOST = 'must name a host, like https://example.com/hooks/feedback';
const NOT_ABSOLUTE = 'must be an absolute http:// or https:// URL, like https://example.com/hooks/feedback';

function parseWebhookUrl(value: unknown): URL {
  if (typeof value !== 'string') throw validationError('url', 'must be a string');
  const tooLong = `cannot exceed ${WEBHOOK_URL_MAX_LENGTH} characters`;
  if (value.length > WEBHOOK_URL_MAX_LENGTH) throw validationError('url', tooLong);
  const text = value.trim();
  const url = parsedUrl(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw validationError('url', `must be an http:// or https:// URL, not ${url.protocol}`);
  }
  // WHATWG URL mends http URLs (`https:///hook` becomes https://hook/, `http:example.com` gets its
  // slashes): the owner meant something else than what would be stored, so they are told.
  if (/^https?:\/\/[/\\]/i.test(text)) throw validationError('url', MISSING_HOST);
  if (!/^https?:\/\//i.test(text)) throw validationError('url', NOT_ABSOLUTE);
  if (url.username !== '' || url.password !== '') {
    throw validationError('url', 'must not hold a user name or password: the signature header authenticates the delivery');
  }
  if (url.href.length > WEBHOOK_URL_MAX_LENGTH) throw validationError('url', tooLong);
  return url;
}

/** WHATWG URL's parse; what it refuses is explained, a missing host on its own. */
function parsedUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    // WHATWG refuses http URLs without a host outright: `http://`, `http://:8080/`, `https://?x`.
    if (/^https?:\/*(?:[:/?#]|$)/i.test(text)) throw validationError('url', MISSING_HOST);
    throw validationError('url', NOT_ABSOLUTE);
  }
}

/**
 * The delivery-time check: the addresses the URL's host has now, every one of them outside the
 * blocked ranges unless `allowPrivate` (one bad answer is enough to refuse: the connection could
 * land on any of them). An IP literal is its own answer, a `localhost` name a loopback one. Throws
 * WebhookTargetRefused, or the resolver's error (ENOTFOUND…) when the name does not resolve.
 */
export async function resolveWebhookTarget(url: URL, options: { allowPrivate: boolean; lookup?: HostLookup }): Promise<WebhookTarget> {
  const literal = ipLiteralOf(url);
  if (!literal && !options.allowPrivate && isLocalhostName(url.hostname)) throw new WebhookTargetRefused(`refused: ${localhostText(url.hostname)}`);
  const addresses: readonly LookupAddress[] = literal
    ? [{ address: literal, family: isIP(literal) }]
    : await (options.lookup ?? systemLookup)(url.hostname);
  if (addresses.length === 0) throw new WebhookTargetRefused(`host not found (${url.hostname})`);
  const refusal = options.allowPrivate ? null : blockedAddressText(addresses, literal ? 'is' : 'resolves to');
  if (refusal !== null) throw new WebhookTargetRefused(`refused: ${refusal}`);
  return { url, addresses };
}

/** How the owner's URL is resolved: the resolver (the system's by default) and the most it may take. */
export interface HostCheckOptions {
  allowPrivate: boolean;
  lookup?: HostLookup;
  /** The `webhookTimeoutMs` setting, which bounds a delivery's resolving too. */
  timeoutMs: number;
}

/**
 * The owner's check of a URL's host name, when an endpoint is added or its URL changed: unless
 * `allowPrivate`, a `localhost` name (never asked of DNS), a name with any address in a blocked
 * range (as a delivery would refuse it) and a name that does not resolve are refused now, instead
 * of in the first failed delivery. With `allowPrivate` nothing is asked: a receiver on the owner's
 * network may get its DNS record later. IP literals were checked with the URL. Throws
 * VALIDATION_ERROR on path `url`.
 */
export async function checkWebhookHost(url: URL, options: HostCheckOptions): Promise<void> {
  if (options.allowPrivate || ipLiteralOf(url) !== null) return;
  if (isLocalhostName(url.hostname)) throw validationError('url', localhostText(url.hostname));
  const refusal = blockedAddressText(await addressesNow(url.hostname, options), 'resolves to');
  if (refusal !== null) throw validationError('url', refusal);
}

/** The name's addresses; no address, a resolver failure or no answer in time is the owner's 400. */
async function addressesNow(hostname: string, options: HostCheckOptions): Promise<readonly LookupAddress[]> {
  let addresses: readonly LookupAddress[];
  try {
    addresses = await withinDeadline((options.lookup ?? systemLookup)(hostname), options.timeoutMs);
  } catch (error) {
    throw validationError('url', unresolvedText(hostname, error, options.timeoutMs));
  }
  if (addresses.length === 0) throw validationError('url', unresolvedText(hostname, null, options.timeoutMs));
  return addresses;
}

class LookupTimedOut extends Error {}

/** A name that does not exist is the owner's to fix; other failures may pass, so they say to try again. */
function unresolvedText(hostname: string, error: unknown, timeoutMs: number): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (error === null || code === 'ENOTFOUND' || code === 'ENODATA') {
    return `names a host that does not resolve (${hostname}): check its spelling, or add the endpoint once the name has an address`;
  }
  if (error instanceof LookupTimedOut) return `names a host that did not resolve within ${timeoutMs} ms (${hostname}); try again`;
  return `names a host that could not be resolved now (${hostname}: ${typeof code === 'string' ? code : String(error)}); try again`;
}

/** The lookup's answer, or LookupTimedOut after `ms`: a resolver that hangs must not hold the request. */
function withinDeadline<T>(lookup: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new LookupTimedOut()), ms);
  });
  return Promise.race([lookup, expiry]).finally(() => clearTimeout(timer));
}
