import type { AuthProvidersRepo, LinkedIdentitiesRepo, SsoSecretsRepo } from '../../types.js';
import { tableRepo } from '../core/table.js';
import { deleteBy, rowsOf, selectFrom } from '../notices/rows.js';
import type { Queryable } from '../queryable.js';
import { AUTH_PROVIDERS, LINKED_IDENTITIES, SSO_SECRETS } from './tables.js';

export function createSsoSecretsRepo(db: Queryable): SsoSecretsRepo {
  return {
    ...tableRepo(db, SSO_SECRETS),
    list: () => rowsOf(db, SSO_SECRETS, `${selectFrom(SSO_SECRETS)} ORDER BY created_at, id`, []),
  };
}

export function createLinkedIdentitiesRepo(db: Queryable): LinkedIdentitiesRepo {
  return {
    ...tableRepo(db, LINKED_IDENTITIES),
    getBySubject: async (provider, subject) =>
      (await rowsOf(db, LINKED_IDENTITIES, `${selectFrom(LINKED_IDENTITIES)} WHERE provider = $1 AND subject = $2`, [provider, subject]))[0],
    listByUser: (userId) => rowsOf(db, LINKED_IDENTITIES, `${selectFrom(LINKED_IDENTITIES)} WHERE user_id = $1 ORDER BY created_at, id`, [userId]),
    deleteByUser: (userId) => deleteBy(db, LINKED_IDENTITIES.table, 'user_id', userId),
  };
}

export function createAuthProvidersRepo(db: Queryable): AuthProvidersRepo {
  return {
    ...tableRepo(db, AUTH_PROVIDERS),
    list: () => rowsOf(db, AUTH_PROVIDERS, `${selectFrom(AUTH_PROVIDERS)} ORDER BY created_at, id`, []),
  };
}
