/*
 * What happens after an attempt (issue 17 §6): retries back off exponentially with jitter, a
 * delivery is given up after webhookGiveUpAfterMs, and an endpoint that has failed without a single
 * success for webhookCircuitAfterMs is turned off (the circuit), so a dead receiver stops costing work.
 */
import type { Config } from '../../config/types.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../storage/types.js';

export type RetrySettings = Pick<Config, 'webhookRetryBaseMs' | 'webhookRetryMaxDelayMs' | 'webhookGiveUpAfterMs' | 'webhookCircuitAfterMs'>;

/** A claimed delivery is leased this long: twice the deadline of an attempt, so only a dead process's lease runs out. */
export function deliveryLeaseMs(config: Pick<Config, 'webhookTimeoutMs'>): number {
  return config.webhookTimeoutMs * 2;
}

/**
 * The wait after the `attempts`-th failed attempt: base × 2^(attempts−1), capped, then between half
 * and all of it at random, so receivers coming back from an outage are not hit by every sender at once.
 */
export function retryDelayMs(attempts: number, settings: RetrySettings, random: () => number = Math.random): number {
  const exponential = settings.webhookRetryBaseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 40);
  const capped = Math.min(exponential, settings.webhookRetryMaxDelayMs);
  return Math.round(capped * (0.5 + random() * 0.5));
}

/** The attempt's outcome as stored: the delivery's new fields, the endpoint's, and whether the circuit just opened. */
export interface AttemptOutcome {
  delivery: Partial<WebhookDeliveryRow>;
  endpoint: Partial<WebhookEndpointRow> | null;
  circuitOpened: boolean;
}

export interface AttemptReport {
  ok: boolean;
  status?: number;
  durationMs: number;
  error?: string;
}

/** Decides what an attempt's result changes; `now` is when it finished. */
export function attemptOutcome(
  delivery: WebhookDeliveryRow,
  endpoint: WebhookEndpointRow,
  result: AttemptReport,
  now: Date,
  settings: RetrySettings,
  random: () => number = Math.random,
): AttemptOutcome {
  const at = now.toISOString();
  const answered = { responseStatus: result.status ?? null, durationMs: result.durationMs, error: result.error ?? null, updatedAt: at };
  if (result.ok) {
    const endpointPatch = endpoint.failingSince === null ? null : { failingSince: null, updatedAt: at };
    return { delivery: { ...answered, status: 'delivered' }, endpoint: endpointPatch, circuitOpened: false };
  }
  const age = now.getTime() - Date.parse(delivery.createdAt);
  const retryAt = new Date(now.getTime() + retryDelayMs(delivery.attempts, settings, random)).toISOString();
  const deliveryPatch: Partial<WebhookDeliveryRow> =
    age >= settings.webhookGiveUpAfterMs ? { ...answered, status: 'failed' } : { ...answered, status: 'pending', nextAttemptAt: retryAt };
  const failingSince = endpoint.failingSince ?? at;
  const circuitOpened = endpoint.enabled && now.getTime() - Date.parse(failingSince) >= settings.webhookCircuitAfterMs;
  if (!circuitOpened) {
    return { delivery: deliveryPatch, endpoint: endpoint.failingSince === null ? { failingSince, updatedAt: at } : null, circuitOpened };
  }
  const disabledReason = `Every attempt failed for ${spokenDuration(settings.webhookCircuitAfterMs)}; the last one: ${result.error ?? 'no answer'}`;
  return { delivery: deliveryPatch, endpoint: { failingSince, enabled: false, disabledReason, updatedAt: at }, circuitOpened };
}

const UNITS: ReadonlyArray<[number, string]> = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
];

/**
 * A duration as a person says it: the largest unit that counts it exactly or at least ten times
 * (rounded then): 86400000 → "1 day", 90000 → "90 seconds", 100000000 → "28 hours", 250 → "250 ms".
 */
export function spokenDuration(ms: number): string {
  for (const [size, unit] of UNITS) {
    const count = ms / size;
    if (Number.isInteger(count) || count >= 10) return `${Math.round(count)} ${unit}${Math.round(count) === 1 ? '' : 's'}`;
  }
  return `${ms} ms`;
}
