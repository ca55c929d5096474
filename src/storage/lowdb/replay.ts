import type { RawDocument } from './document.js';
import { corruptDatabase } from './errors.js';
import type { JournalOp } from './journal-format.js';
import type { JournalContents } from './journal-files.js';

type RawRow = { id: string };

/**
 * Applies the journal entries newer than the snapshot to the raw document, checking that
 * sequence numbers follow each other without a gap. Tables are turned into maps only when an
 * entry touches them, so opening with a short journal stays cheap.
 */
export function replayJournals(snapshot: RawDocument, journals: readonly JournalContents[]): RawDocument {
  const state = new ReplayState(snapshot);
  let previous = 0;
  for (const { file, entries } of journals) {
    for (const { entry, line } of entries) {
      const where = `${file.path} line ${line}`;
      if (entry.seq <= previous) throw corruptDatabase(where, `sequence number ${entry.seq} does not follow ${previous}`);
      previous = entry.seq;
      if (entry.seq <= snapshot.seq) continue;
      if (entry.seq !== state.seq + 1) {
        throw corruptDatabase(where, `expected sequence number ${state.seq + 1}, found ${entry.seq}: entries are missing`);
      }
      for (const op of entry.ops) state.apply(op, where);
      state.seq = entry.seq;
    }
  }
  return state.toDocument();
}

class ReplayState {
  seq: number;
  private settings: Record<string, unknown>;
  private readonly maps = new Map<string, Map<string, RawRow>>();

  constructor(private readonly snapshot: RawDocument) {
    this.seq = snapshot.seq;
    this.settings = snapshot.settings;
  }

  apply(op: JournalOp, where: string): void {
    if (op.op === 'settings') {
      this.settings = op.row as Record<string, unknown>;
      return;
    }
    const rows = this.table(op.table, where);
    const id = op.op === 'delete' ? op.id : op.row.id;
    const exists = rows.has(id);
    if (op.op === 'insert' ? exists : !exists) {
      throw corruptDatabase(where, `${op.op} of ${op.table} row ${id}, which ${exists ? 'already exists' : 'does not exist'}`);
    }
    if (op.op === 'delete') rows.delete(id);
    else rows.set(id, op.row);
  }

  toDocument(): RawDocument {
    const tables = { ...this.snapshot.tables };
    for (const [name, rows] of this.maps) tables[name] = Array.from(rows.values());
    return { ...this.snapshot, seq: this.seq, settings: this.settings, tables };
  }

  private table(name: string, where: string): Map<string, RawRow> {
    let rows = this.maps.get(name);
    if (rows) return rows;
    const list = Object.hasOwn(this.snapshot.tables, name) ? this.snapshot.tables[name] : undefined;
    if (!list) throw corruptDatabase(where, `unknown table ${JSON.stringify(name)}`);
    rows = new Map(list.map((row) => [row.id, row]));
    if (rows.size !== list.length) throw corruptDatabase(where, `the snapshot holds duplicate ${name} ids`);
    this.maps.set(name, rows);
    return rows;
  }
}
