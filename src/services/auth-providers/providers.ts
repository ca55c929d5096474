/*
 * The owner's sign-in providers (issue 28 §2): add, list (never the client secret), remove; and
 * the public list of enabled ones the sign-in page shows a button for.
 */
import { appError } from '../../errors.js';
import { type AuthProviderRow, UniqueViolation } from '../../storage/types.js';
import type { Actor, ServiceContext } from '../context.js';
import { PROVIDER_ID } from '../sso/formats.js';
import type { Body } from '../validation/fields.js';
import { requireOwner } from '../webhooks/endpoints.js';
import { parseProviderInput } from './input.js';

/** A provider as the owner sees it: everything but the client secret. */
export interface AuthProviderView {
  providerId: string;
  kind: AuthProviderRow['kind'];
  name: string;
  issuer: string;
  clientId: string;
  allowedDomains: string[];
  allowTeam: boolean;
  enabled: boolean;
  createdAt: string;
}

/** What anyone may know: which buttons to show. */
export interface PublicAuthProvider {
  providerId: string;
  name: string;
}

export function toProviderView(row: AuthProviderRow): AuthProviderView {
  const { id, kind, name, issuer, clientId, allowedDomains, allowTeam, enabled, createdAt } = row;
  return {
    providerId: id,
    kind,
    name,
    issuer,
    clientId,
    allowedDomains: [...allowedDomains],
    allowTeam,
    enabled,
    createdAt,
  };
}

/** `POST /sso/providers`: the owner only (403 first), then the body (400), then the id's uniqueness (409). */
export async function addAuthProvider(ctx: ServiceContext, actor: Actor, body: Body): Promise<AuthProviderView> {
  requireOwner(actor);
  const input = parseProviderInput(body);
  const row: AuthProviderRow = {
    ...input,
    enabled: true,
    createdAt: new Date().toISOString(),
  };
  try {
    await ctx.storage.transaction(async (tx) => {
      if (await tx.authProviders.get(row.id)) throw appError('AUTH_PROVIDER_EXISTS');
      await tx.authProviders.insert(row);
    });
  } catch (error) {
    if (error instanceof UniqueViolation) throw appError('AUTH_PROVIDER_EXISTS');
    throw error;
  }
  return toProviderView(row);
}

/** `GET /sso/providers`: oldest first. */
export async function listAuthProviders(ctx: ServiceContext, actor: Actor): Promise<AuthProviderView[]> {
  requireOwner(actor);
  return (await ctx.storage.authProviders.list()).map(toProviderView);
}

/** `DELETE /sso/providers/:provider_id`: its buttons go at once; the people it linked keep their links, should it come back. */
export async function removeAuthProvider(ctx: ServiceContext, actor: Actor, idParam: unknown): Promise<AuthProviderView> {
  requireOwner(actor);
  return ctx.storage.transaction(async (tx) => {
    const row = typeof idParam === 'string' && PROVIDER_ID.test(idParam) ? await tx.authProviders.get(idParam) : undefined;
    if (!row) throw appError('AUTH_PROVIDER_NOT_FOUND');
    await tx.authProviders.delete(row.id);
    return toProviderView(row);
  });
}

/** `GET /auth/providers`: the enabled providers, for anyone. */
export async function listPublicAuthProviders(ctx: ServiceContext): Promise<PublicAuthProvider[]> {
  return (await ctx.storage.authProviders.list()).filter((row) => row.enabled).map((row) => ({ providerId: row.id, name: row.name }));
}
