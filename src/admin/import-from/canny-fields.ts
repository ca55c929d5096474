import { isObject } from './canny-api-client.js';
import { SourceError } from './source-model.js';

/*
 * Reading one field of one object Canny answered, and saying exactly which when it is wrong:
 * `https://canny.io/api/v1/posts/list: posts row 12 (id=…) field "title": must be a string`.
 */

export class Fields {
  private readonly object: Record<string, unknown>;

  constructor(
    value: unknown,
    private readonly where: string,
  ) {
    if (!isObject(value)) throw new SourceError(where, 'must be an object');
    this.object = value;
    const id = value.id;
    if (typeof id === 'string' && id !== '') this.where = `${where} (id=${id})`;
  }

  private fail(name: string, problem: string): never {
    throw new SourceError(`${this.where} field "${name}"`, problem);
  }

  string(name: string): string {
    const value = this.object[name];
    if (typeof value !== 'string') this.fail(name, 'must be a string');
    return value;
  }

  id(name = 'id'): string {
    const value = this.string(name);
    if (value === '') this.fail(name, 'must not be empty');
    return value;
  }

  optionalString(name: string): string | null {
    const value = this.object[name];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') this.fail(name, 'must be a string or null');
    return value;
  }

  boolean(name: string, absent: boolean): boolean {
    const value = this.object[name];
    if (value === undefined || value === null) return absent;
    if (typeof value !== 'boolean') this.fail(name, 'must be true or false');
    return value;
  }

  count(name: string): number {
    const value = this.object[name];
    if (value === undefined || value === null) return 0;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) this.fail(name, 'must be a whole number, 0 or more');
    return value;
  }

  /** An ISO 8601 time, as Canny writes every `created`. */
  time(name: string): string {
    const value = this.string(name);
    if (Number.isNaN(Date.parse(value))) this.fail(name, `"${value}" is not a time`);
    return value;
  }

  optionalTime(name: string): string | null {
    const value = this.optionalString(name);
    if (value !== null && Number.isNaN(Date.parse(value))) this.fail(name, `"${value}" is not a time`);
    return value;
  }

  /** A nested object (`post.board`), or null when absent and allowed. */
  nested(name: string): Fields | null {
    const value = this.object[name];
    if (value === undefined || value === null) return null;
    return new Fields(value, `${this.where} field "${name}"`);
  }

  required(name: string): Fields {
    const nested = this.nested(name);
    if (nested === null) this.fail(name, 'is missing');
    return nested;
  }

  list(name: string): unknown[] {
    const value = this.object[name];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) this.fail(name, 'must be a list');
    return value;
  }

  /** The nested objects of a list field (`post.tags`), each checked. */
  objects(name: string): Fields[] {
    return this.list(name).map((item, index) => new Fields(item, `${this.where} field "${name}" item ${index + 1}`));
  }

  has(name: string): boolean {
    const value = this.object[name];
    return value !== undefined && value !== null && value !== '';
  }
}
