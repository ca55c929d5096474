import { SourceError } from './source-model.js';

/*
 * Checked access to one row of a Fider table, as its backup holds it (a JSON object per row) or as
 * its posts CSV holds it (a record of strings). Every failure names the file, the table, the row
 * and the field, so that a team can find the bad row in the file.
 */

/** `2024-03-05T10:11:12Z`, `…12.123456Z`, `…12+02:00`: Go writes times as RFC 3339 (with nanoseconds in JSON). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function isRfc3339(text: string): boolean {
  return RFC3339.test(text) && !Number.isNaN(Date.parse(text));
}

/** One row of a backup table (`posts.json` row 12): its fields are checked as they are read. */
export class JsonRow {
  constructor(
    /** `backup.zip: posts.json row 12` */
    readonly where: string,
    private readonly row: Record<string, unknown>,
  ) {}

  fail(field: string, problem: string): never {
    throw new SourceError(`${this.where} field "${field}"`, problem);
  }

  private value(field: string): unknown {
    if (!(field in this.row)) this.fail(field, 'is missing');
    return this.row[field];
  }

  int(field: string): number {
    const value = this.value(field);
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) this.fail(field, `must be a whole number, not ${show(value)}`);
    return value;
  }

  intOrNull(field: string): number | null {
    return this.value(field) === null ? null : this.int(field);
  }

  string(field: string): string {
    const value = this.value(field);
    if (typeof value !== 'string') this.fail(field, `must be a text, not ${show(value)}`);
    return value;
  }

  stringOrNull(field: string): string | null {
    return this.value(field) === null ? null : this.string(field);
  }

  bool(field: string): boolean {
    const value = this.value(field);
    if (typeof value !== 'boolean') this.fail(field, `must be true or false, not ${show(value)}`);
    return value;
  }

  /** A column newer than some backups (they were written before it existed): `absent` stands in for it there. */
  boolIfPresent(field: string, absent: boolean): boolean {
    return field in this.row ? this.bool(field) : absent;
  }

  time(field: string): string {
    const value = this.value(field);
    if (typeof value !== 'string' || !isRfc3339(value)) this.fail(field, `must be a time (RFC 3339), not ${show(value)}`);
    return value;
  }

  timeOrNull(field: string): string | null {
    return this.value(field) === null ? null : this.time(field);
  }
}

/** A short, safe picture of a wrong value for an error message (never a whole text). */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return value.length > 40 ? `"${value.slice(0, 40)}…"` : JSON.stringify(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}
