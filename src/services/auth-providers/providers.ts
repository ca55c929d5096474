/*
 * The owner's sign-in providers (issue 28 §2): add, list (never the client secret), turn off and
 * on, remove; and the public list of enabled ones the sign-in page shows a button for.
 */
import { appError } from '../../errors.js';
import { type AuthProviderRow, type Repositories, UniqueViolation } from '../../storage/types.js';
import type { Actor, ServiceContext } from '../context.js';
import { PROVIDER_ID } from '../sso/formats.js';
import { parseBoolean } from '../validation/colors-urls.js';
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

/** The provider a path names; 404 AUTH_PROVIDER_NOT_FOUND for an unknown or malformed id. */
async function findProvider(repos: Pick<Repositories, 'authProviders'>, idParam: unknown): Promise<AuthProviderRow> {
  const row = typeof idParam === 'string' && PROVIDER_ID.test(idParam) ? await repos.authProviders.get(idParam) : undefined;
  if (!row) throw appError('AUTH_PROVIDER_NOT_FOUND');
  return row;
}

/**
 * `PATCH /sso/providers/:provider_id`: turns a provider off (its button goes, its sign-ins are
 * refused; links and settings stay) or on again. The owner (403), the provider (404), then the body
 * (400); an omitted `enabled` changes nothing.
 */
export async function updateAuthProvider(ctx: ServiceContext, actor: Actor, idParam: unknown, body: Body): Promise<AuthProviderView> {
  requireOwner(actor);
  return ctx.storage.transaction(async (tx) => {
    const row = await findProvider(tx, idParam);
    if (body.enabled === undefined) return toProviderView(row);
    return toProviderView(await tx.authProviders.update(row.id, { enabled: parseBoolean(body.enabled, 'enabled') }));
  });
}

/** `DELETE /sso/providers/:provider_id`: its buttons go at once; the people it linked keep their links, should it come back. */
export async function removeAuthProvider(ctx: ServiceContext, actor: Actor, idParam: unknown): Promise<AuthProviderView> {
  requireOwner(actor);
  return ctx.storage.transaction(async (tx) => {
    const row = await findProvider(tx, idParam);
    await tx.authProviders.delete(row.id);
    return toProviderView(row);
  });
}

/** `GET /auth/providers`: the enabled providers, for anyone. */
export async function listPublicAuthProviders(ctx: ServiceContext): Promise<PublicAuthProvider[]> {
  return (await ctx.storage.authProviders.list()).filter((row) => row.enabled).map((row) => ({ providerId: row.id, name: row.name }));
}
