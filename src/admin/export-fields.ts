import { invalidFile, isPlainObject } from './backup-format.js';

/** The JSON kind of a field of an exported row; `?` allows null, a leading `~` allows the field to be absent. */
export type FieldKind =
  | 'uuid'
  | 'uuid?'
  | '~uuid'
  | 'string'
  | 'string?'
  | '~string'
  | '~string?'
  | 'boolean'
  | '~boolean'
  | 'integer'
  | 'time'
  | 'time?'
  | 'strings'
  | '~strings'
  | 'labs'
  | 'object'
  | '~object';

/** The fields of one kind of row and their kinds, in the order rows are written. */
export type FieldSpec = Readonly<Record<string, FieldKind>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const RULES: Record<FieldKind, { test: (value: unknown) => boolean; text: string }> = {
  uuid: { test: (value) => typeof value === 'string' && UUID.test(value), text: 'a lower-case UUID' },
  'uuid?': { test: (value) => value === null || (typeof value === 'string' && UUID.test(value)), text: 'a lower-case UUID or null' },
  '~uuid': { test: (value) => value === undefined || (typeof value === 'string' && UUID.test(value)), text: 'a lower-case UUID when present' },
  string: { test: (value) => typeof value === 'string', text: 'a string' },
  'string?': { test: (value) => value === null || typeof value === 'string', text: 'a string or null' },
  '~string': { test: (value) => value === undefined || typeof value === 'string', text: 'a string when present' },
  '~string?': { test: (value) => value === undefined || value === null || typeof value === 'string', text: 'a string or null when present' },
  boolean: { test: (value) => typeof value === 'boolean', text: 'true or false' },
  '~boolean': { test: (value) => value === undefined || typeof value === 'boolean', text: 'true or false when present' },
  integer: { test: (value) => Number.isSafeInteger(value), text: 'an integer' },
  time: { test: (value) => typeof value === 'string' && TIME.test(value), text: 'an ISO 8601 time like 2024-01-31T12:00:00.000Z' },
  'time?': { test: (value) => value === null || (typeof value === 'string' && TIME.test(value)), text: 'an ISO 8601 time like 2024-01-31T12:00:00.000Z, or null' },
  strings: { test: isStrings, text: 'a list of strings' },
  '~strings': { test: (value) => value === undefined || isStrings(value), text: 'a list of strings when present' },
  object: { test: isPlainObject, text: 'a JSON object' },
  '~object': { test: (value) => value === undefined || isPlainObject(value), text: 'a JSON object when present' },
  labs: {
    test: (value) => isPlainObject(value) && typeof value.comments === 'boolean' && typeof value.voteOnBehalf === 'boolean',
    text: 'an object {"comments": boolean, "voteOnBehalf": boolean}',
  },
};

function isStrings(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Why `value` does not fit the spec (naming the field), or null when it does. */
function rowProblem(value: unknown, spec: FieldSpec): string | null {
  if (!isPlainObject(value)) return 'is not a JSON object';
  for (const [field, kind] of Object.entries(spec)) {
    const rule = RULES[kind];
    if (!rule.test(value[field])) return `field ${field} must be ${rule.text}`;
  }
  return null;
}

/** The row with only the spec's fields (unknown ones are dropped, absent optional ones stay absent). */
function pickFields(value: Record<string, unknown>, spec: FieldSpec): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of Object.keys(spec)) {
    if (value[field] !== undefined) row[field] = value[field];
  }
  return row;
}

/** Checks one object of the file against its spec and keeps the known fields; a wrong field refuses the file. */
export function checkObject<Row>(path: string, where: string, value: unknown, spec: FieldSpec): Row {
  const problem = rowProblem(value, spec);
  if (problem) throw invalidFile(path, `is not a valid export: ${where} ${problem}`);
  return pickFields(value as Record<string, unknown>, spec) as Row;
}

/** Checks a list section of the file: absent means empty, anything else must be a list of rows fitting the spec. */
export function checkRows<Row>(path: string, name: string, value: unknown, spec: FieldSpec): Row[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidFile(path, `is not a valid export: "${name}" must be a list`);
  return value.map((item, i) => checkObject<Row>(path, `${name}[${i}]`, item, spec));
}
