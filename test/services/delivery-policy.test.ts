import test from 'ava';
import { attemptOutcome, retryDelayMs, spokenDuration } from '../../src/services/outbox/delivery-policy.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../src/storage/types.js';

const SETTINGS = { webhookRetryBaseMs: 1_000, webhookRetryMaxDelayMs: 60_000, webhookGiveUpAfterMs: 86_400_000, webhookCircuitAfterMs: 86_400_000 };
const T0 = Date.parse('2026-11-25T12:00:00.000Z');

function delivery(fields: Partial<WebhookDeliveryRow> = {}): WebhookDeliveryRow {
  const at = new Date(T0).toISOString();
  return {
    id: 'd',
    endpointId: 'e',
    event: 'post.created',
    body: '{}',
    status: 'pending',
    attempts: 1,
    nextAttemptAt: at,
    lastAttemptAt: at,
    responseStatus: null,
    durationMs: null,
    error: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

function endpoint(fields: Partial<WebhookEndpointRow> = {}): WebhookEndpointRow {
  const at = new Date(T0).toISOString();
  return {
    id: 'e',
    url: 'https://example.com/hook',
    format: 'json',
    events: ['post.created'],
    secret: 's',
    allowPrivate: false,
    description: null,
    enabled: true,
    failingSince: null,
    disabledReason: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

test('the wait doubles per attempt up to the cap, and jitter keeps it between half and all of it', (t) => {
  t.deepEqual([1, 2, 3, 4].map((n) => retryDelayMs(n, SETTINGS, () => 1)), [1_000, 2_000, 4_000, 8_000]);
  t.is(retryDelayMs(30, SETTINGS, () => 1), 60_000);
  t.is(retryDelayMs(1_000, SETTINGS, () => 1), 60_000, 'no overflow for a very late attempt');
  t.is(retryDelayMs(3, SETTINGS, () => 0), 2_000);
  for (let i = 0; i < 50; i++) {
    const wait = retryDelayMs(3, SETTINGS);
    t.true(wait >= 2_000 && wait <= 4_000);
  }
});

test('a success delivers and closes a failure run; a failure schedules the next attempt and opens one', (t) => {
  const now = new Date(T0 + 5_000);
  const ok = attemptOutcome(delivery(), endpoint({ failingSince: new Date(T0).toISOString() }), { ok: true, status: 204, durationMs: 12 }, now, SETTINGS, () => 1);
  t.like(ok.delivery, { status: 'delivered', responseStatus: 204, durationMs: 12, error: null });
  t.like(ok.endpoint, { failingSince: null });
  const failed = attemptOutcome(delivery({ attempts: 2 }), endpoint(), { ok: false, status: 500, durationMs: 9, error: 'answered 500' }, now, SETTINGS, () => 1);
  t.like(failed.delivery, { status: 'pending', nextAttemptAt: new Date(T0 + 5_000 + 2_000).toISOString(), error: 'answered 500' });
  t.like(failed.endpoint, { failingSince: now.toISOString() });
  t.false(failed.circuitOpened);
  const again = attemptOutcome(delivery(), endpoint({ failingSince: new Date(T0).toISOString() }), { ok: false, durationMs: 1, error: 'x' }, now, SETTINGS);
  t.is(again.endpoint, null, 'a failure run already open stays as it is');
});

test('past webhookGiveUpAfterMs a delivery fails for good; past webhookCircuitAfterMs of failures the endpoint is turned off once', (t) => {
  const late = new Date(T0 + 86_400_000);
  const result = { ok: false, durationMs: 3, error: 'timed out after 10000 ms' };
  const outcome = attemptOutcome(delivery(), endpoint({ failingSince: new Date(T0).toISOString() }), result, late, SETTINGS);
  t.like(outcome.delivery, { status: 'failed' });
  t.true(outcome.circuitOpened);
  t.like(outcome.endpoint, { enabled: false, disabledReason: 'Every attempt failed for 1 day; the last one: timed out after 10000 ms' });
  const off = attemptOutcome(delivery(), endpoint({ enabled: false, failingSince: new Date(T0).toISOString() }), result, late, SETTINGS);
  t.false(off.circuitOpened, 'an endpoint already off is not turned off again (one mail)');
});

test('durations are said in their largest whole unit', (t) => {
  t.is(spokenDuration(86_400_000), '1 day');
  t.is(spokenDuration(3 * 3_600_000), '3 hours');
  t.is(spokenDuration(90_000), '90 seconds');
  t.is(spokenDuration(300), '300 ms');
  t.is(spokenDuration(100_000_000), '28 hours');
});
