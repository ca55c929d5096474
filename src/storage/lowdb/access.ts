import type { MemoryDb } from './memory-db.js';
import type { TxWriter } from './tx-writer.js';

/**
 * How repositories reach the data. Outside a transaction, reads wait for a running writer and
 * each write is its own transaction; inside one, both go straight to the transaction's writer.
 */
export interface Access {
  read<T>(read: (db: MemoryDb) => T): Promise<T>;
  write<T>(write: (writer: TxWriter) => T): Promise<T>;
}
