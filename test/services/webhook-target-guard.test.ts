import type { LookupAddress } from 'node:dns';
import test from 'ava';
import { AppError } from '../../src/errors.js';
import {
  blockedRangeOf,
  checkWebhookHost,
  checkWebhookUrl,
  type HostLookup,
  resolveWebhookTarget,
  WEBHOOK_URL_MAX_LENGTH,
  WebhookTargetRefused,
} from '../../src/services/webhooks/target-guard.js';

const ALLOW_HINT = 'allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)';

/** The VALIDATION_ERROR message a URL gets, or null when it is accepted. */
function urlRefusal(value: unknown, allowPrivate = false): string | null {
  try {
    checkWebhookUrl(value, { allowPrivate });
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code !== 'VALIDATION_ERROR' || error.status !== 400) throw error;
    return error.message;
  }
}

/** A resolver that answers `addresses` and counts its calls. */
function answering(...addresses: string[]): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string): Promise<LookupAddress[]> => {
    calls.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof WebhookTargetRefused)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.message;
}

test('http and https URLs with a host are accepted, normalised', (t) => {
  t.is(checkWebhookUrl('HTTPS://Hooks.Example.COM/feedback?team=1', { allowPrivate: false }).href, 'https://hooks.example.com/feedback?team=1');
  t.is(checkWebhookUrl('http://example.org:8080', { allowPrivate: false }).href, 'http://example.org:8080/');
  t.is(checkWebhookUrl('https://93.184.215.14/hook', { allowPrivate: false }).hostname, '93.184.215.14');
});

test('other schemes, credentials, a missing host, relative URLs and non-strings are refused with their reason', (t) => {
  t.is(urlRefusal('ftp://files.example.com/hook'), 'url must be an http:// or https:// URL, not ftp:');
  t.is(urlRefusal('file:///etc/passwd'), 'url must be an http:// or https:// URL, not file:');
  t.is(urlRefusal('javascript:alert(1)'), 'url must be an http:// or https:// URL, not javascript:');
  const credentials = 'url must not hold a user name or password: the signature header authenticates the delivery';
  t.is(urlRefusal('https://user:secret@hooks.example.com/'), credentials);
  t.is(urlRefusal('https://token@hooks.example.com/'), credentials);
  const noHost = 'url must name a host, like https://example.com/hooks/feedback';
  for (const url of ['http://', 'https:///hook', 'http://:8080/', 'https://?x=1']) t.is(urlRefusal(url), noHost, url);
  const notAbsolute = 'url must be an absolute http:// or https:// URL, like https://example.com/hooks/feedback';
  for (const url of ['hooks.example.com/feedback', 'http:hooks.example.com', 'https:\\\\hooks.example.com']) t.is(urlRefusal(url), notAbsolute, url);
  t.is(urlRefusal(42), 'url must be a string');
  t.is(urlRefusal(null), 'url must be a string');
});

test('a URL may have 2,048 characters, as given and once normalised', (t) => {
  const base = 'https://hooks.example.com/';
  const longest = base + 'a'.repeat(WEBHOOK_URL_MAX_LENGTH - base.length);
  t.is(urlRefusal(longest), null);
  t.is(urlRefusal(`${longest}a`), 'url cannot exceed 2048 characters');
  // 10 characters that percent-encoding turns into 60: short as given, too long as sent.
  const grows = base + 'a'.repeat(WEBHOOK_URL_MAX_LENGTH - base.length - 10) + 'é'.repeat(10);
  t.true(grows.length <= WEBHOOK_URL_MAX_LENGTH);
  t.is(urlRefusal(grows), 'url cannot exceed 2048 characters');
});

test('IP literals in blocked ranges are refused when the URL is given, in every spelling WHATWG URL accepts', (t) => {
  const loopback = `url is a loopback address (127.0.0.1); ${ALLOW_HINT}`;
  for (const url of ['http://127.0.0.1:3000/', 'http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://127.1/']) {
    t.is(urlRefusal(url), loopback, url);
    t.is(urlRefusal(url, true), null, `${url} with allowPrivate`);
  }
  t.is(urlRefusal('http://[::ffff:127.0.0.1]/'), `url is a loopback address (::ffff:7f00:1); ${ALLOW_HINT}`);
  t.is(urlRefusal('http://[::1]:8080/'), `url is a loopback address (::1); ${ALLOW_HINT}`);
  t.is(urlRefusal('http://169.254.169.254/latest/meta-data/'), `url is a link-local address (169.254.169.254); ${ALLOW_HINT}`);
  t.is(urlRefusal('http://0/'), `url is an unspecified address (0.0.0.0); ${ALLOW_HINT}`);
  t.is(urlRefusal('https://10.0.0.5/hook'), `url is a private address (10.0.0.5); ${ALLOW_HINT}`);
  // Host names are only resolved at delivery time.
  t.is(urlRefusal('http://localhost:3000/'), null);
});

test('blocked ranges: loopback, unspecified, link-local, private, shared, multicast, broadcast, reserved; IPv4-mapped and NAT64 too', (t) => {
  const blocked: Array<[string, string]> = [
    ['127.0.0.1', 'a loopback'],
    ['127.255.255.254', 'a loopback'],
    ['::1', 'a loopback'],
    ['0.0.0.0', 'an unspecified'],
    ['0.1.2.3', 'an unspecified'],
    ['::', 'an unspecified'],
    ['169.254.169.254', 'a link-local'],
    ['fe80::1', 'a link-local'],
    ['fe80::1%eth0', 'a link-local'],
    ['febf::1', 'a link-local'],
    ['10.0.0.5', 'a private'],
    ['172.16.0.1', 'a private'],
    ['172.31.255.255', 'a private'],
    ['192.168.1.1', 'a private'],
    ['fc00::1', 'a private'],
    ['fd00::1', 'a private'],
    ['100.64.0.1', 'a shared (carrier-grade NAT)'],
    ['100.127.255.255', 'a shared (carrier-grade NAT)'],
    ['224.0.0.1', 'a multicast'],
    ['239.255.255.250', 'a multicast'],
    ['ff02::1', 'a multicast'],
    ['255.255.255.255', 'a broadcast'],
    ['240.0.0.1', 'a reserved'],
    ['198.18.0.1', 'a reserved'],
    ['fec0::1', 'a reserved'],
    ['::ffff:127.0.0.1', 'a loopback'],
    ['::ffff:7f00:1', 'a loopback'],
    ['::ffff:10.0.0.5', 'a private'],
    ['::ffff:169.254.169.254', 'a link-local'],
    ['64:ff9b::10.0.0.5', 'a private'],
    ['64:ff9b::7f00:1', 'a loopback'],
    ['::127.0.0.1', 'a reserved'],
  ];
  for (const [address, kind] of blocked) t.is(blockedRangeOf(address), kind, address);
  // Public addresses, the neighbours of each range included.
  const open = [
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '128.0.0.1',
    '169.253.255.255',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.2.1',
    '192.167.255.255',
    '192.169.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    'fbff::1',
    'fe7f::1',
    'fe00::1',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ];
  for (const address of open) t.is(blockedRangeOf(address), null, address);
});

test('at delivery a host name is resolved and every answer checked; one blocked answer refuses', async (t) => {
  const url = new URL('https://hooks.example.test/feedback');
  const publicOnly = answering('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c');
  const target = await resolveWebhookTarget(url, { allowPrivate: false, lookup: publicOnly });
  t.deepEqual(publicOnly.calls, ['hooks.example.test']);
  t.is(target.url, url);
  t.deepEqual(
    target.addresses.map((entry) => entry.address),
    ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  );

  const mixed = answering('93.184.215.14', '10.0.0.5');
  const message = await refusalOf(resolveWebhookTarget(url, { allowPrivate: false, lookup: mixed }));
  t.is(message, `refused: resolves to a private address (10.0.0.5); ${ALLOW_HINT}`);
  for (const [address, kind] of [
    ['169.254.169.254', 'a link-local'],
    ['::ffff:127.0.0.1', 'a loopback'],
    ['fd00::1', 'a private'],
  ]) {
    const refused = await refusalOf(resolveWebhookTarget(url, { allowPrivate: false, lookup: answering(address!) }));
    t.is(refused, `refused: resolves to ${kind} address (${address}); ${ALLOW_HINT}`);
  }
});

test('allowPrivate lets every address through, still resolved by the given lookup', async (t) => {
  const lookup = answering('127.0.0.1', '::1');
  const target = await resolveWebhookTarget(new URL('http://localhost:8080/'), { allowPrivate: true, lookup });
  t.deepEqual(
    target.addresses.map((entry) => entry.address),
    ['127.0.0.1', '::1'],
  );
  t.deepEqual(lookup.calls, ['localhost']);
});

test('an IP literal is its own answer: the resolver is not asked', async (t) => {
  const lookup = answering('93.184.215.14');
  const refused = await refusalOf(resolveWebhookTarget(new URL('http://2130706433:8080/'), { allowPrivate: false, lookup }));
  t.is(refused, `refused: is a loopback address (127.0.0.1); ${ALLOW_HINT}`);
  const target = await resolveWebhookTarget(new URL('http://[::1]:8080/'), { allowPrivate: true, lookup });
  t.deepEqual(target.addresses, [{ address: '::1', family: 6 }]);
  t.deepEqual(lookup.calls, []);
});

test('a name without addresses is refused; a resolver error is passed on', async (t) => {
  const url = new URL('https://gone.example.test/');
  t.is(await refusalOf(resolveWebhookTarget(url, { allowPrivate: false, lookup: answering() })), 'host not found (gone.example.test)');
  const failing: HostLookup = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND gone.example.test'), { code: 'ENOTFOUND' }));
  const error = await t.throwsAsync(resolveWebhookTarget(url, { allowPrivate: false, lookup: failing }));
  t.is((error as { code?: string }).code, 'ENOTFOUND');
});

/** The VALIDATION_ERROR message the add-time host check gives, or null when it passes. */
async function hostRefusal(url: string, lookup: HostLookup, timeoutMs = 1_000): Promise<string | null> {
  try {
    await checkWebhookHost(new URL(url), { allowPrivate: false, lookup, timeoutMs });
    return null;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'VALIDATION_ERROR') throw error;
    return error.message;
  }
}

test('when the owner gives a URL, its host name is resolved and checked like a delivery would', async (t) => {
  t.is(await hostRefusal('https://hooks.example.test/', answering('93.184.215.14')), null);
  t.is(await hostRefusal('https://hooks.example.test/', answering('93.184.215.14', 'fd00::1')), `url resolves to a private address (fd00::1); ${ALLOW_HINT}`);
  const unasked = answering('93.184.215.14');
  for (const host of ['localhost', 'LOCALHOST.', 'a.b.localhost']) {
    t.is(await hostRefusal(`http://${host}:8080/`, unasked), `url is a loopback host name (${host.toLowerCase()}); ${ALLOW_HINT}`, host);
  }
  t.is(await hostRefusal('http://10.1.2.3/', unasked), null, 'IP literals are checkWebhookUrl’s');
  t.is(await hostRefusal('http://notlocalhost/', unasked), null, 'only the name localhost and names under it');
  t.deepEqual(unasked.calls, ['notlocalhost']);
});

test('a host name that does not resolve, a failing resolver and a resolver without an answer in time are 400s that say so', async (t) => {
  const notFound: HostLookup = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND gone.example.test'), { code: 'ENOTFOUND' }));
  const doesNotResolve = 'url names a host that does not resolve (gone.example.test): check its spelling, or add the endpoint once the name has an address';
  t.is(await hostRefusal('https://gone.example.test/', notFound), doesNotResolve);
  t.is(await hostRefusal('https://gone.example.test/', answering()), doesNotResolve);
  const temporary: HostLookup = () => Promise.reject(Object.assign(new Error('getaddrinfo EAI_AGAIN hooks.example.test'), { code: 'EAI_AGAIN' }));
  t.is(await hostRefusal('https://hooks.example.test/', temporary), 'url names a host that could not be resolved now (hooks.example.test: EAI_AGAIN); try again');
  const hanging: HostLookup = () => new Promise(() => {});
  t.is(await hostRefusal('https://hooks.example.test/', hanging, 50), 'url names a host that did not resolve within 50 ms (hooks.example.test); try again');
});

test('at delivery a localhost name is refused without asking the resolver, unless allowPrivate', async (t) => {
  const lookup = answering('93.184.215.14');
  t.is(await refusalOf(resolveWebhookTarget(new URL('http://hooks.localhost/'), { allowPrivate: false, lookup })), `refused: is a loopback host name (hooks.localhost); ${ALLOW_HINT}`);
  t.deepEqual(lookup.calls, []);
});
