import { SourceError } from './source-model.js';

/** A row as pg answers it. */
export type Row = Record<string, unknown>;

/** Names one field of one row, for errors: `postgres://…/db: table posts row id=12 field "title"`. */
export class RowPlace {
  constructor(
    private readonly database: string,
    private readonly table: string,
    readonly id: string,
  ) {}

  field(name: string): string {
    return `${this.database}: table ${this.table} row id=${this.id} field "${name}"`;
  }

  fail(field: string, problem: string): never {
    throw new SourceError(this.field(field), problem);
  }

  text(row: Row, field: string): string {
    const value = row[field];
    if (typeof value !== 'string') this.fail(field, 'is missing');
    return value;
  }

  nonBlank(row: Row, field: string): string {
    const value = this.text(row, field);
    if (value.trim() === '') this.fail(field, 'is empty');
    return value;
  }

  optionalText(row: Row, field: string): string | null {
    const value = row[field];
    if (value === null || value === undefined) return null;
    if (typeof value !== 'string') this.fail(field, 'is not text');
    return value;
  }

  /** An enum column (Rails stores its index) that may only hold `allowed`; null when `nullable`. */
  enumIndex(row: Row, field: string, names: readonly string[], nullable: boolean): number | null {
    const value = row[field];
    if (value === null && nullable) return null;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= names.length) {
      this.fail(field, `is ${JSON.stringify(value)}, not one of ${names.map((name, index) => `${index} (${name})`).join(', ')}`);
    }
    return value;
  }

  /** A reference to a row of this tenant's `table`: null when absent and `nullable`. */
  reference(row: Row, field: string, known: ReadonlySet<string>, what: string, nullable: boolean): string | null {
    const value = row[field];
    if (value === null && nullable) return null;
    if (typeof value !== 'string') this.fail(field, 'is missing');
    if (!known.has(value)) this.fail(field, `names ${what} ${value}, which is not one of this tenant's`);
    return value;
  }
}
