import type { LookupAddress } from 'node:dns';
import type { HostLookup } from '../../src/services/webhooks/target-guard.js';

/** TEST-NET-3 (RFC 5737): a public address kept for documentation; no test connects to it. */
export const DOCUMENTATION_ADDRESS = '203.0.113.10';

/** A resolver for tests, with the names it was asked. */
export type TestLookup = HostLookup & { asked: string[] };

/**
 * Resolves webhook host names without asking DNS (tests send nothing beyond loopback): a name in
 * `names` answers its addresses, a name under example.com or example.org the documentation address
 * (the names tests use for public receivers; not with `unknownOnly`), any other name ENOTFOUND, as
 * getaddrinfo says it.
 */
export function testLookup(names: Readonly<Record<string, readonly string[]>> = {}, options: { unknownOnly?: boolean } = {}): TestLookup {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = names[hostname] ?? (!options.unknownOnly && /\.example\.(?:com|org)$/.test(hostname) ? [DOCUMENTATION_ADDRESS] : undefined);
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { asked });
}
