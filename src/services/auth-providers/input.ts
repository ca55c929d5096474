/*
 * What an owner may give when adding a sign-in provider (issue 28 §2), shared by the API, the CLI
 * (through the same service) and the restore rules, so none of them can store what another refuses.
 */
import { isIP } from 'node:net';
import { validationError } from '../../errors.js';
import type { AuthProviderRow } from '../../storage/types.js';
import { PROVIDER_ID, SSO_PROVIDER } from '../sso/formats.js';
import { type Body, codePointLength, rejectNul } from '../validation/fields.js';
import { PRESET_NAMES, PRESETS, type PresetName } from './presets.js';

export const MAX_PROVIDER_NAME = 64;
const MAX_CLIENT_FIELD = 2000;
const MAX_DOMAINS = 50;
/** A DNS name of letters, digits and hyphens, dot-separated, with at least one dot. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** A provider as added, before it gets its time. */
export type ProviderInput = Omit<AuthProviderRow, 'createdAt' | 'enabled'>;

/** Checks in the order the fields are listed in the API: providerId, preset, issuer, clientId, clientSecret, name, allowedDomains, allowTeam. */
export function parseProviderInput(body: Body): ProviderInput {
  const id = parseProviderId(body.providerId);
  const preset = parsePreset(body.preset);
  const issuer = preset && body.issuer === undefined ? PRESETS[preset].issuer : parseIssuer(body.issuer);
  const clientId = clientField(body.clientId, 'clientId');
  const clientSecret = clientField(body.clientSecret, 'clientSecret');
  const name = body.name === undefined && preset ? PRESETS[preset].name : parseProviderName(body.name);
  const allowedDomains = parseAllowedDomains(body.allowedDomains);
  const allowTeam = body.allowTeam === undefined ? false : parseFlag(body.allowTeam, 'allowTeam');
  return {
    id,
    kind: preset ? PRESETS[preset].kind : 'oidc',
    name,
    issuer,
    clientId,
    clientSecret,
    allowedDomains,
    allowTeam,
  };
}

export function parseProviderId(value: unknown): string {
  if (typeof value !== 'string' || !PROVIDER_ID.test(value)) {
    throw validationError('providerId', 'must be 1..40 of a-z, 0-9 and "-", starting with a letter or digit');
  }
  if (value === SSO_PROVIDER) throw validationError('providerId', 'must not be "sso": it names the product\'s own single sign-on');
  return value;
}

function parsePreset(value: unknown): PresetName | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(PRESET_NAMES as readonly string[]).includes(value)) {
    throw validationError('preset', `must be one of: ${PRESET_NAMES.join(', ')}`);
  }
  return value as PresetName;
}

/** An https URL, or http on a loopback address (tests, an identity server on this machine); no query, fragment or credentials. */
export function parseIssuer(value: unknown): string {
  const rule = 'must be an https URL (http only on a loopback address) without query, fragment or credentials';
  if (typeof value !== 'string' || value.length > MAX_CLIENT_FIELD) throw validationError('issuer', rule);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw validationError('issuer', rule);
  }
  const plainAllowed = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if ((url.protocol !== 'https:' && !plainAllowed) || url.search || url.hash || url.username || url.password) throw validationError('issuer', rule);
  // The issuer is compared exactly with the provider's own: keep the owner's spelling, without a trailing slash added by URL.
  return value;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

function clientField(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw validationError(path, 'is required');
  rejectNul(path, value);
  if (value.length > MAX_CLIENT_FIELD) throw validationError(path, `must be at most ${MAX_CLIENT_FIELD} characters`);
  return value;
}

export function parseProviderName(value: unknown): string {
  const rule = `must be 1..${MAX_PROVIDER_NAME} characters`;
  if (typeof value !== 'string') throw validationError('name', value === undefined ? 'is required (or give a preset)' : rule);
  rejectNul('name', value);
  const name = value.trim();
  if (name === '' || codePointLength(name) > MAX_PROVIDER_NAME) throw validationError('name', rule);
  return name;
}

/** Lower-cased, without duplicates; an empty list lets any address in. */
export function parseAllowedDomains(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const rule = `must be a list of at most ${MAX_DOMAINS} domain names like example.com`;
  if (!Array.isArray(value) || value.length > MAX_DOMAINS) throw validationError('allowedDomains', rule);
  const domains = value.map((domain) => (typeof domain === 'string' ? domain.trim().toLowerCase() : ''));
  if (domains.some((domain) => !DOMAIN.test(domain))) throw validationError('allowedDomains', rule);
  return [...new Set(domains)];
}

function parseFlag(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw validationError(path, 'must be true or false');
  return value;
}
