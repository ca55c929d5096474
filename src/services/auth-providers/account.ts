import { NO_PASSWORD } from '../login.js';
/*
 * The account a provider's sign-in lands in (issue 28 §2): linked by (provider, subject), so a
 * later change of address at the provider still finds it; else the account of the address, then
 * linked; else a new verified account when sign-up is open. Team accounts come in only through a
 * provider the owner marked --allow-team: a customer's Google account must not open the dashboard.
 */
import { randomUUID } from 'node:crypto';
import { appError } from '../../errors.js';
import type { Locale } from '../../i18n/locales.js';
import { EVERYONE_ROLE_ID } from '../../storage/seed.js';
import { type AuthProviderRow, type Repositories, UniqueViolation, type UserRow } from '../../storage/types.js';
import { insertAccount } from '../accounts.js';
import { isSignupAllowed } from '../signup.js';
import type { ProviderPerson } from './person.js';
import { domainNotAllowed, signupClosed } from './words.js';

/** Run in one transaction; a new account has no password until the person sets one, and starts in `locale` (issue 33). */
export async function providerAccount(tx: Repositories, provider: AuthProviderRow, person: ProviderPerson, locale: Locale | null): Promise<UserRow> {
  assertDomainAllowed(provider, person.email);
  const now = new Date().toISOString();
  const identity = await tx.linkedIdentities.getBySubject(provider.id, person.subject);
  const known = identity ? await tx.users.get(identity.userId) : await tx.users.getByEmail(person.email);
  if (!known) return newAccount(tx, provider, person, now, locale);
  await refuseTeamOrBlocked(tx, provider, known);
  if (identity)
    await tx.linkedIdentities.update(identity.id, {
      avatarUrl: person.avatarUrl,
      lastUsedAt: now,
    });
  else await link(tx, provider, known, person, now);
  // The provider vouched for the address it gave: an account found by it is verified now.
  return known.isVerified || identity ? known : tx.users.update(known.id, { isVerified: true, updatedAt: now });
}

function assertDomainAllowed(provider: AuthProviderRow, email: string): void {
  if (provider.allowedDomains.length === 0) return;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!provider.allowedDomains.includes(domain)) throw domainNotAllowed(provider);
}

async function refuseTeamOrBlocked(tx: Repositories, provider: AuthProviderRow, user: UserRow): Promise<void> {
  if (!provider.allowTeam) {
    const roles = await tx.userRoles.listByUser(user.id);
    if (user.isOwner || roles.some((role) => role.roleId !== EVERYONE_ROLE_ID)) throw appError('SSO_TEAM_ACCOUNT');
  }
  if (user.isBlocked) throw appError('USER_BLOCKED');
}

/** One identity per account and provider: an account linked to another person there is not taken over. */
async function link(tx: Repositories, provider: AuthProviderRow, user: UserRow, person: ProviderPerson, now: string): Promise<void> {
  const linked = await tx.linkedIdentities.listByUser(user.id);
  if (linked.some((identity) => identity.provider === provider.id)) throw appError('USER_EXISTS');
  await insertIdentity(tx, provider, user, person, now);
}

async function newAccount(tx: Repositories, provider: AuthProviderRow, person: ProviderPerson, now: string, locale: Locale | null): Promise<UserRow> {
  if (!(await isSignupAllowed(tx))) throw signupClosed(provider);
  const name = person.name || person.email.slice(0, person.email.lastIndexOf('@')).slice(0, 64);
  const user = await insertAccount(
    tx,
    {
      email: person.email,
      name,
      passwordHash: NO_PASSWORD,
      isOwner: false,
      isVerified: true,
      locale,
    },
    now,
  );
  await insertIdentity(tx, provider, user, person, now);
  return user;
}

/** Two first sign-ins of one subject at once: the second finds the link taken and is told to try again. */
async function insertIdentity(tx: Repositories, provider: AuthProviderRow, user: UserRow, person: ProviderPerson, now: string): Promise<void> {
  try {
    await tx.linkedIdentities.insert({
      id: randomUUID(),
      userId: user.id,
      provider: provider.id,
      subject: person.subject,
      avatarUrl: person.avatarUrl,
      createdAt: now,
      lastUsedAt: now,
    });
  } catch (error) {
    if (error instanceof UniqueViolation) throw appError('USER_EXISTS');
    throw error;
  }
}
