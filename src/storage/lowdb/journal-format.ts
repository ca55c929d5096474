import type { TableName } from './document.js';

/** One change of a committed transaction: rows are written whole, settings as a singleton. */
export type JournalOp =
  | { op: 'insert' | 'update'; table: TableName; row: { id: string } }
  | { op: 'delete'; table: TableName; id: string }
  | { op: 'settings'; row: object };

/** One committed transaction: one line of the journal. */
export interface JournalEntry {
  seq: number;
  ops: JournalOp[];
}

/** The journal line of an entry, newline included. */
export function formatEntry(entry: JournalEntry): string {
  return `${JSON.stringify(entry)}\n`;
}

/** Why a parsed line is not a journal entry, or undefined when it is one. */
export function entryProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'not a JSON object';
  const { seq, ops } = value as { seq?: unknown; ops?: unknown };
  if (!Number.isSafeInteger(seq) || (seq as number) < 1) return 'no valid sequence number';
  if (!Array.isArray(ops)) return 'no list of changes';
  const bad = ops.findIndex((op) => opProblem(op) !== undefined);
  return bad === -1 ? undefined : `change ${bad + 1} is invalid (${opProblem(ops[bad])})`;
}

function opProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'not an object';
  const op = value as { op?: unknown; table?: unknown; row?: unknown; id?: unknown };
  const hasRow = typeof op.row === 'object' && op.row !== null;
  if (op.op === 'settings') return hasRow ? undefined : 'settings without a row';
  if (typeof op.table !== 'string') return 'no table';
  if (op.op === 'delete') return typeof op.id === 'string' ? undefined : 'delete without an id';
  if (op.op !== 'insert' && op.op !== 'update') return `unknown operation ${JSON.stringify(op.op)}`;
  const id = hasRow ? (op.row as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? undefined : `${op.op} without a row id`;
}
