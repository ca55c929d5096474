import type { AuthProviderRow, AuthProvidersRepo, LinkedIdentitiesRepo, LinkedIdentityRow, SsoSecretRow, SsoSecretsRepo } from '../types.js';
import type { Access } from './access.js';
import { SortedList } from './sorted-list.js';
import { byKey, listed, tableRepo } from './table-repo.js';
import { GroupIndex, Table, UniqueIndex } from './table.js';

/* The issue-28 tables: the product's single sign-on secrets and the accounts' linked identities. */

/** Their read indexes and uniqueness rules. */
export function signInIndexes() {
  return {
    ssoSecretsInOrder: new SortedList<SsoSecretRow>(),
    authProvidersInOrder: new SortedList<AuthProviderRow>(),
    identityBySubject: new UniqueIndex<LinkedIdentityRow>('linkedIdentities.providerSubject', (i) => pair(i.provider, i.subject)),
    identityByUserProvider: new UniqueIndex<LinkedIdentityRow>('linkedIdentities.userProvider', (i) => `${i.userId}/${i.provider}`),
    identitiesByUser: new GroupIndex<LinkedIdentityRow>((i) => i.userId),
  };
}

/** A subject may hold any character but NUL (no stored text does), so NUL keeps `a/b` + `c` apart from `a` + `b/c`. */
function pair(provider: string, subject: string): string {
  return `${provider}\u0000${subject}`;
}

type SignInIndexes = ReturnType<typeof signInIndexes>;

export function signInTables(i: SignInIndexes) {
  return {
    ssoSecrets: new Table<SsoSecretRow>('ssoSecrets', [], [i.ssoSecretsInOrder]),
    linkedIdentities: new Table<LinkedIdentityRow>('linkedIdentities', [i.identityBySubject, i.identityByUserProvider], [i.identitiesByUser]),
    authProviders: new Table<AuthProviderRow>('authProviders', [], [i.authProvidersInOrder]),
  };
}

export function ssoSecretsRepo(access: Access): SsoSecretsRepo {
  return {
    ...tableRepo(access, 'ssoSecrets'),
    list: () => access.read((db) => db.indexes.ssoSecretsInOrder.toArray()),
  };
}

export function linkedIdentitiesRepo(access: Access): LinkedIdentitiesRepo {
  return {
    ...tableRepo(access, 'linkedIdentities'),
    getBySubject: (provider, subject) =>
      access.read((db) => byKey(db.tables.linkedIdentities, db.indexes.identityBySubject.lookup(pair(provider, subject)))),
    listByUser: (userId) => access.read((db) => listed(db.indexes.identitiesByUser.group(userId))),
    deleteByUser: (userId) =>
      access.write((w) => {
        const rows = listed(w.db.indexes.identitiesByUser.group(userId));
        for (const row of rows) w.delete('linkedIdentities', row.id);
        return rows.length;
      }),
  };
}

export function authProvidersRepo(access: Access): AuthProvidersRepo {
  return {
    ...tableRepo(access, 'authProviders'),
    list: () => access.read((db) => db.indexes.authProvidersInOrder.toArray()),
  };
}
