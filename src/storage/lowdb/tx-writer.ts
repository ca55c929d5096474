import { RowNotFound, type SettingsRow } from '../types.js';
import type { TableName, TableRows } from './document.js';
import { definedFields, frozenCopy } from './frozen.js';
import type { JournalOp } from './journal-format.js';
import type { MemoryDb } from './memory-db.js';
import type { Table } from './table.js';

type AnyRow = TableRows[TableName];

/** One applied write, enough to undo it and to journal it. */
type Change =
  | { kind: 'row'; name: TableName; table: Table<AnyRow>; before?: AnyRow; after?: AnyRow }
  | { kind: 'settings'; before: SettingsRow; after: SettingsRow };

/**
 * The writes of one transaction: each applies to memory at once (so later reads in the
 * transaction see it) and is recorded for undo (on failure) and for the journal (on commit).
 */
export class TxWriter {
  private readonly changes: Change[] = [];
  /** Set when the transaction has ended; a leaked `tx` must not write any more. */
  finished = false;

  constructor(readonly db: MemoryDb) {}

  get isEmpty(): boolean {
    return this.changes.length === 0;
  }

  insert<K extends TableName>(name: K, row: TableRows[K]): TableRows[K] {
    const table = this.table(name);
    const stored = frozenCopy(row);
    table.checkInsert(stored);
    table.add(stored);
    this.changes.push({ kind: 'row', name, table, after: stored });
    return stored;
  }

  update<K extends TableName>(name: K, id: string, patch: Partial<TableRows[K]>): TableRows[K] {
    const table = this.table(name);
    const before = table.get(id);
    if (!before) throw new RowNotFound(name, id);
    const after = frozenCopy({ ...before, ...definedFields(patch), id });
    table.checkUniques(after);
    table.replace(before, after);
    this.changes.push({ kind: 'row', name, table, before, after });
    return after as TableRows[K];
  }

  delete(name: TableName, id: string): boolean {
    const table = this.table(name);
    const before = table.get(id);
    if (!before) return false;
    table.remove(before);
    this.changes.push({ kind: 'row', name, table, before });
    return true;
  }

  updateSettings(patch: Partial<SettingsRow>): SettingsRow {
    this.assertActive();
    const before = this.db.settings;
    const after = frozenCopy({ ...before, ...definedFields(patch) });
    this.db.settings = after;
    this.changes.push({ kind: 'settings', before, after });
    return after;
  }

  /** Reverts every change, newest first, leaving memory as it was before the transaction. */
  undo(): void {
    for (const change of this.changes.reverse()) {
      if (change.kind === 'settings') this.db.settings = change.before;
      else if (change.before && change.after) change.table.replace(change.after, change.before);
      else if (change.after) change.table.remove(change.after);
      else if (change.before) change.table.add(change.before);
    }
    this.changes.length = 0;
  }

  /** The changes as journal operations, in the order they were applied. */
  journalOps(): JournalOp[] {
    return this.changes.map((change): JournalOp => {
      if (change.kind === 'settings') return { op: 'settings', row: change.after };
      if (!change.after) return { op: 'delete', table: change.name, id: change.before!.id };
      return { op: change.before ? 'update' : 'insert', table: change.name, row: change.after };
    });
  }

  private table(name: TableName): Table<AnyRow> {
    this.assertActive();
    return this.db.tables[name] as Table<AnyRow>;
  }

  private assertActive(): void {
    if (this.finished) throw new Error('transaction has already ended: use tx only inside the transaction');
  }
}
