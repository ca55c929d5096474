import type { MailLogRepo, MailLogRow, MailTokenRow, MailTokensRepo } from '../../types.js';
import { mappingUnique } from '../errors.js';
import type { Queryable } from '../queryable.js';
import { type CoreTable, rowOf, selectList, tableRepo } from './table.js';

export const MAIL_TOKENS: CoreTable<MailTokenRow> = {
  table: 'mail_tokens',
  name: 'mailTokens',
  columns: {
    id: 'id',
    userId: 'user_id',
    purpose: 'purpose',
    tokenHash: 'token_hash',
    createdAt: 'created_at',
    expiresAt: 'expires_at',
    email: 'email',
    usedAt: 'used_at',
  },
  // Sign-in links only (migration 8): verification and reset tokens read back without them.
  optional: ['email', 'usedAt'],
};

export const MAIL_LOG: CoreTable<MailLogRow> = {
  table: 'mail_log',
  name: 'mailLog',
  columns: {
    id: 'id',
    createdAt: 'created_at',
    to: 'to_address',
    subject: 'subject',
    kind: 'kind',
    transport: 'transport',
    status: 'status',
    error: 'error',
  },
};

export function createMailTokensRepo(db: Queryable): MailTokensRepo {
  return {
    ...tableRepo(db, MAIL_TOKENS),
    getByHash: async (tokenHash) => {
      const { rows } = await db.query(`SELECT ${selectList(MAIL_TOKENS)} FROM mail_tokens WHERE token_hash = $1`, [tokenHash]);
      return rows[0] ? rowOf(MAIL_TOKENS, rows[0]) : undefined;
    },
    deleteByUser: async (userId, purpose) => {
      const { rowCount } = await db.query('DELETE FROM mail_tokens WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
      return rowCount ?? 0;
    },
    deleteExpired: async (purpose, before) => {
      const { rowCount } = await db.query('DELETE FROM mail_tokens WHERE purpose = $1 AND expires_at < $2', [purpose, before]);
      return rowCount ?? 0;
    },
  };
}

/** The mail log is ordered by (createdAt, id); appending drops the oldest entries past `keep`. */
export function createMailLogRepo(db: Queryable): MailLogRepo {
  const log = tableRepo(db, MAIL_LOG);
  return {
    append: async (entry, keep) => {
      const kept = Math.max(Math.trunc(keep), 0);
      if (kept === 0) {
        await db.query('DELETE FROM mail_log');
        return;
      }
      await mappingUnique(() => log.insert(entry));
      await db.query(
        `DELETE FROM mail_log WHERE id IN (
           SELECT id FROM mail_log ORDER BY created_at DESC, id DESC OFFSET $1
         )`,
        [kept],
      );
    },
    list: async (limit) => {
      const { rows } = await db.query(
        `SELECT ${selectList(MAIL_LOG)} FROM mail_log ORDER BY created_at DESC, id DESC LIMIT $1`,
        [Math.max(limit, 0)],
      );
      return rows.map((record) => rowOf(MAIL_LOG, record));
    },
  };
}
