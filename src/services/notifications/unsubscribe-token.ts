import { createHmac, timingSafeEqual } from 'node:crypto';
import { readOrCreateSecret } from '../../config/secret.js';
import type { Config } from '../../config/types.js';
import { isUuid } from '../validation/fields.js';

/*
 * The token of a notification mail's one-click unsubscribe link: it names a (user, post) pair and
 * proves the server wrote it. Layout, base64url without padding (66 characters):
 *   version (1 byte) | user id (16 bytes) | post id (16 bytes) | HMAC-SHA256 truncated to 16 bytes
 * The MAC key is derived from the install's secret with a label of its own, so this MAC can never
 * be passed off as an access token's signature (or the other way round), and rotating the secret
 * ends every link along with every session.
 *
 * No expiry: the link sits in mail people keep for years, and all it can do is turn off mail about
 * one post for one user, which they can turn back on. It stops working when the user is deleted:
 * ids are random UUIDs never given out again, and the unsubscribe service looks the user up.
 */

const VERSION = 1;
const ID_BYTES = 16;
const MAC_BYTES = 16;
const PAYLOAD_BYTES = 1 + 2 * ID_BYTES;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
const KEY_LABEL = 'feedbackd unsubscribe token v1';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The pair a valid token names, ids lower-case. */
export interface UnsubscribeTarget {
  userId: string;
  postId: string;
}

/** The MAC key for unsubscribe tokens, derived from the install's secret (never the secret itself). */
export function unsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update(KEY_LABEL).digest();
}

/** A token for the pair, with a key from `unsubscribeKey`. */
export function signUnsubscribeToken(key: Buffer, target: UnsubscribeTarget): string {
  const payload = Buffer.concat([Buffer.of(VERSION), idBytes(target.userId), idBytes(target.postId)]);
  return Buffer.concat([payload, mac(key, payload)]).toString('base64url');
}

/** The pair a token names, or null for anything the key did not sign (malformed, forged, another version). */
export function readUnsubscribeToken(key: Buffer, token: unknown): UnsubscribeTarget | null {
  if (typeof token !== 'string' || !BASE64URL.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // The round trip refuses non-canonical spellings, so one pair has exactly one valid token.
  if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token || bytes[0] !== VERSION) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(mac(key, payload), bytes.subarray(PAYLOAD_BYTES))) return null;
  return { userId: idText(payload.subarray(1, 1 + ID_BYTES)), postId: idText(payload.subarray(1 + ID_BYTES)) };
}

const keys = new WeakMap<Config, Promise<Buffer>>();

/**
 * The key for a process's configuration: from FEEDBACKD_SECRET or `<data>/secret`, as the access
 * token signer gets it (services/create-context.ts), read once per configuration.
 */
export function unsubscribeKeyFor(config: Config): Promise<Buffer> {
  let key = keys.get(config);
  if (!key) {
    key = (async () => unsubscribeKey(config.secret ?? (await readOrCreateSecret(config.dataDir))))();
    // A failed read is not remembered: the next mail tries again.
    key.catch(() => keys.delete(config));
    keys.set(config, key);
  }
  return key;
}

/** A token for the pair, signed with the key of this configuration. */
export async function unsubscribeTokenFor(config: Config, target: UnsubscribeTarget): Promise<string> {
  return signUnsubscribeToken(await unsubscribeKeyFor(config), target);
}

function mac(key: Buffer, payload: Buffer): Buffer {
  return createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
}

function idBytes(id: string): Buffer {
  if (!isUuid(id)) throw new Error(`not a UUID: ${id}`);
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function idText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
