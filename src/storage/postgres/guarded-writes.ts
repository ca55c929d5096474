import type { PoolClient } from 'pg';
import { RETRYABLE, sqlState } from './errors.js';
import { prepared } from './prepared.js';
import type { Queryable } from './queryable.js';

/** `guarded`: each write behind a savepoint; `bulk`: a refused write fails the transaction (bulkTransaction). */
export type WriteMode = 'guarded' | 'bulk';

/** Statements that can break a uniqueness rule, and so be refused while the transaction goes on. */
const GUARDED = /^\s*(INSERT|UPDATE)\b/i;

/**
 * A transaction's queries, with each INSERT and UPDATE behind a savepoint. PostgreSQL aborts the
 * whole transaction on the first failed statement, but the storage contract lets a service catch
 * a refused write (UniqueViolation) and carry on: rolling back to the savepoint undoes just that
 * statement. Statements run one at a time, so concurrent tx calls never share a savepoint.
 * A serialisation failure is left alone: the whole transaction is run again anyway.
 */
export function guardedWrites(client: PoolClient): Queryable {
  let previous: Promise<unknown> = Promise.resolve();
  const guarded = async (text: string, params?: unknown[]) => {
    await client.query('SAVEPOINT feedbackd_write');
    try {
      const result = await client.query(prepared(text, params));
      await client.query('RELEASE SAVEPOINT feedbackd_write');
      return result;
    } catch (error) {
      const state = sqlState(error);
      if (state === undefined || !RETRYABLE.has(state)) await client.query('ROLLBACK TO SAVEPOINT feedbackd_write');
      throw error;
    }
  };
  const plain = (text: string, params?: unknown[]) => client.query(prepared(text, params));
  return {
    // Every statement waits for the one before: a client runs one query at a time, and handing it
    // a second (services read with Promise.all) is deprecated in pg 8 and refused from pg 9.
    query: (text, params) => {
      const step = GUARDED.test(text) ? guarded : plain;
      const run = previous.then(
        () => step(text, params),
        () => step(text, params),
      );
      previous = run.catch(() => undefined);
      return run;
    },
  };
}

/** A transaction's queries one at a time, without savepoints (a refused write fails the transaction). */
export function oneAtATime(client: PoolClient): Queryable {
  let previous: Promise<unknown> = Promise.resolve();
  return {
    query: (text, params) => {
      const step = () => client.query(prepared(text, params));
      const run = previous.then(step, step);
      previous = run.catch(() => undefined);
      return run;
    },
  };
}
