/*
 * Signing in with the team's product's token (issue 28 §1): the person the token names is found by
 * its linked `sub`, else by email (and linked), else made; their name, avatar and email follow the
 * token (the avatar once its picture is fetched, after the answer: src/services/sign-in-avatar.ts). Team accounts never come in this way: a product's key must not open the dashboard.
 */
import type { Locale } from '../../i18n/locales.js';
import { randomUUID } from 'node:crypto';
import { appError, validationError } from '../../errors.js';
import { EVERYONE_ROLE_ID } from '../../storage/seed.js';
import { type LinkedIdentityRow, type Repositories, UniqueViolation, type UserRow } from '../../storage/types.js';
import { type AuthUser, insertAccount, toAuthUser } from '../accounts.js';
import type { ServiceContext } from '../context.js';
import { NO_PASSWORD } from '../login.js';
import { fetchAvatarLater } from '../sign-in-avatar.js';
import { type Body, rejectNul } from '../validation/fields.js';
import { invalidToken, parseSsoClaims, type SsoClaims } from './claims.js';
import { SSO_PROVIDER } from './formats.js';
import { verifySsoToken } from './token.js';

/** `POST /auth/sso`: body checked (400), secrets there (403), token (401), then the account. */
export async function signInWithSso(ctx: ServiceContext, body: Body, locale: Locale | null): Promise<AuthUser> {
  const token = parseTokenField(body.token);
  const secrets = await ctx.storage.ssoSecrets.list();
  if (secrets.length === 0) throw appError('SSO_NOT_CONFIGURED');
  const limits = { maxLifetimeSeconds: ctx.config.ssoMaxTokenLifetimeSeconds, clockSkewSeconds: ctx.config.ssoClockSkewSeconds };
  const { secret, payload } = verifySsoToken(token, secrets, limits);
  const claims = parseSsoClaims(payload);
  const user = await ctx.storage.transaction(async (tx) => {
    const now = new Date().toISOString();
    const signedIn = await accountFor(tx, claims, now, locale);
    // Revoked while the token was being checked: it must not sign anyone in after the revocation.
    if (!(await tx.ssoSecrets.get(secret.id))) throw invalidToken('is signed by a secret that was revoked');
    await tx.ssoSecrets.update(secret.id, { lastUsedAt: now });
    return signedIn;
  });
  // The token's picture becomes the avatar once fetched, after this answer (a failure keeps the avatar).
  fetchAvatarLater(ctx, user, claims.avatarUrl);
  return toAuthUser(ctx, user);
}

function parseTokenField(value: unknown): string {
  if (value === undefined || value === null || value === '') throw validationError('token', 'is required');
  if (typeof value !== 'string') throw validationError('token', 'must be a string');
  rejectNul('token', value);
  return value;
}

/** The account the claims name, brought up to date with them and linked; refused for team members and blocked users. */
async function accountFor(tx: Repositories, claims: SsoClaims, now: string, locale: Locale | null): Promise<UserRow> {
  const identity = await tx.linkedIdentities.getBySubject(SSO_PROVIDER, claims.subject);
  const known = identity ? await tx.users.get(identity.userId) : await tx.users.getByEmail(claims.email);
  if (!known) return newAccount(tx, claims, now, locale);
  await refuseTeamOrBlocked(tx, known);
  if (!identity) await linkIdentity(tx, known, claims, now);
  else await tx.linkedIdentities.update(identity.id, { avatarUrl: claims.avatarUrl, lastUsedAt: now });
  return followClaims(tx, known, claims, now);
}

/** Team accounts (the owner, anyone holding a role beyond @everyone) sign in with their own password or provider. */
async function refuseTeamOrBlocked(tx: Repositories, user: UserRow): Promise<void> {
  const roles = await tx.userRoles.listByUser(user.id);
  if (user.isOwner || roles.some((role) => role.roleId !== EVERYONE_ROLE_ID)) throw appError('SSO_TEAM_ACCOUNT');
  if (user.isBlocked) throw appError('USER_BLOCKED');
}

/** An account found by email is linked to this `sub`, unless it is linked to another one already (one per account). */
async function linkIdentity(tx: Repositories, user: UserRow, claims: SsoClaims, now: string): Promise<void> {
  const linked = await tx.linkedIdentities.listByUser(user.id);
  if (linked.some((identity) => identity.provider === SSO_PROVIDER)) throw appError('USER_EXISTS');
  await insertIdentity(tx, { id: randomUUID(), userId: user.id, provider: SSO_PROVIDER, subject: claims.subject, avatarUrl: claims.avatarUrl, createdAt: now, lastUsedAt: now });
}

/** Name and email as the token says; the product vouches for the address, so it counts as verified. */
async function followClaims(tx: Repositories, user: UserRow, claims: SsoClaims, now: string): Promise<UserRow> {
  const changes: Partial<UserRow> = {};
  if (claims.email !== user.email) {
    if (await tx.users.getByEmail(claims.email)) throw appError('USER_EXISTS');
    changes.email = claims.email;
  }
  if (claims.name && claims.name !== user.name) changes.name = claims.name;
  if (!user.isVerified) changes.isVerified = true;
  if (Object.keys(changes).length === 0) return user;
  try {
    return await tx.users.update(user.id, { ...changes, updatedAt: now });
  } catch (error) {
    if (error instanceof UniqueViolation && error.constraint === 'users.email') throw appError('USER_EXISTS');
    throw error;
  }
}

/** A first sign-in: a verified account nobody knows the password of (password reset can give it one), in the request's language (issue 33). */
async function newAccount(tx: Repositories, claims: SsoClaims, now: string, locale: Locale | null): Promise<UserRow> {
  const name = claims.name || claims.email.slice(0, claims.email.lastIndexOf('@')).slice(0, 64);
  const created = await insertAccount(tx, { email: claims.email, name, passwordHash: NO_PASSWORD, isOwner: false, locale }, now);
  const user = await tx.users.update(created.id, { isVerified: true });
  await insertIdentity(tx, { id: randomUUID(), userId: user.id, provider: SSO_PROVIDER, subject: claims.subject, avatarUrl: claims.avatarUrl, createdAt: now, lastUsedAt: now });
  return user;
}

/** Two first sign-ins of one `sub` at once: the second finds the link taken and is told to try again. */
async function insertIdentity(tx: Repositories, row: LinkedIdentityRow): Promise<void> {
  try {
    await tx.linkedIdentities.insert(row);
  } catch (error) {
    if (error instanceof UniqueViolation) throw appError('USER_EXISTS');
    throw error;
  }
}
