/*
 * Small builders for the OpenAPI document (./document.ts), so that each operation states only
 * what API.md's route table says: auth, permission, fields, the success answer and the route's own
 * error codes. The errors every route of a kind can give (body, auth, path, storage) are added here
 * once, with the messages of the one error catalogue, so the document cannot drift from them.
 */
import { type AnswerCode, errorMessage, errorStatus } from '../errors.js';

type ErrorCode = AnswerCode;

export type Schema = { [keyword: string]: unknown };
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Path template (OpenAPI style, `{post_id}`) → method → operation. */
export type Paths = Record<string, Partial<Record<Method, Schema>>>;

export const ref = (name: string): Schema => ({
  $ref: `#/components/schemas/${name}`,
});
export const uuid: Schema = { type: 'string', format: 'uuid' };
export const timestamp: Schema = {
  type: 'string',
  format: 'date-time',
  description: 'ISO 8601 UTC with milliseconds, e.g. 2026-03-01T09:58:00.000Z',
};
export const hexColor: Schema = {
  type: 'string',
  pattern: '^[0-9a-f]{6}$',
  description: '6 lower-case hex digits, no #',
};
export const string: Schema = { type: 'string' };
export const boolean: Schema = { type: 'boolean' };
export const integer: Schema = { type: 'integer' };
export const count: Schema = { type: 'integer', minimum: 0 };

/** `T|null`: the key is present, its value may be null (API.md §1.7). */
export function nullable(schema: Schema): Schema {
  if (typeof schema.type === 'string' && schema.$ref === undefined) return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

export const arrayOf = (items: Schema, extra: Schema = {}): Schema => ({
  type: 'array',
  items,
  ...extra,
});

/**
 * A response object: every key listed is present (API.md §1.7) and no other key appears, so a
 * test that receives an extra or a missing field fails.
 */
export function answer(properties: Record<string, Schema>, description?: string): Schema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/**
 * A request body: fields are described, `required` lists those without which the route refuses,
 * and unknown fields are allowed (API.md §1.2 ignores them).
 */
export function input(properties: Record<string, Schema>, required: string[] = []): Schema {
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
  };
}

export type Auth = 'none' | 'optional' | 'required';

export interface QueryParameter {
  schema: Schema;
  description: string;
}

export interface OperationSpec {
  /** operationId, camelCase: `listPosts`. */
  id: string;
  summary: string;
  /** What the route does, in a client's words; where it needs it, the permission (added to the text). */
  description: string;
  tag: string;
  /** Where the contract states the route (API.md's section, e.g. `4.4.1`, or `README`): for readers of this code. */
  section: string;
  auth: Auth;
  /** The permission as API.md §4.0 states it, e.g. "`post:create` (+`roadmap:assign`)". */
  permission?: string;
  pathParams?: Record<string, QueryParameter>;
  query?: Record<string, QueryParameter>;
  /** The JSON body the route reads; body methods without one still read (and may refuse) a body. */
  body?: Schema;
  /** A multipart/form-data body instead of JSON (uploads): the JSON body's 400/413/415 do not apply. */
  multipartBody?: Schema;
  /** Status → what the answer holds; a 204 or 304 has no schema. */
  success: Record<number, { description: string; schema?: Schema }>;
  /** The route's own error codes by status, in the order of its table (common ones are added). */
  errors?: Partial<Record<number, ErrorCode[]>>;
  /** Messages for codes whose text differs on this route (e.g. `INVALID_TOKEN` for mail tokens). */
  messages?: Partial<Record<ErrorCode, string>>;
  /** Rate-limited (API.md §1.14): adds 429 `RATE_LIMITED` with `Retry-After`. */
  rateLimited?: boolean;
  /** Answered from memory, never touching storage: no 503. */
  staticAnswer?: boolean;
  deprecated?: boolean;
}

const BODY_METHODS = new Set<Method>(['post', 'put', 'patch', 'delete']);
const AUTH_ERRORS: Partial<Record<number, ErrorCode[]>> = {
  401: ['INVALID_AUTH_HEADER', 'INVALID_AUTH_HEADER_FORMAT', 'INVALID_TOKEN'],
  403: ['USER_BLOCKED'],
};
const BODY_ERRORS: Partial<Record<number, ErrorCode[]>> = {
  400: ['INVALID_JSON', 'VALIDATION_ERROR'],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
};
const AUTH_TEXT: Record<Auth, string> = {
  none: 'Auth: none (the Authorization header is ignored).',
  optional: 'Auth: optional (a missing or refused token makes the request anonymous; it never fails).',
  required: 'Auth: required (Bearer token).',
};

/** Every error code the operation can answer, by status, in check order (API.md §1.6). */
export function errorCodesOf(method: Method, spec: OperationSpec): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  const add = (table: Partial<Record<number, ErrorCode[]>>) => {
    for (const [status, codes] of Object.entries(table)) {
      const list = byStatus.get(Number(status)) ?? [];
      for (const code of codes ?? []) if (!list.includes(code)) list.push(code);
      byStatus.set(Number(status), list);
    }
  };
  if (spec.pathParams) add({ 400: ['DECODE_URI_ERROR'] });
  if (BODY_METHODS.has(method) && !spec.multipartBody) add(BODY_ERRORS);
  if (spec.auth === 'required') add(AUTH_ERRORS);
  if (spec.rateLimited) add({ 429: ['RATE_LIMITED'] });
  add(spec.errors ?? {});
  add({ 500: ['SERVER_ERROR'] });
  if (!spec.staticAnswer) add({ 503: ['STORAGE_UNAVAILABLE'] });
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** One OpenAPI operation object from a route's spec. */
export function operation(method: Method, spec: OperationSpec): Schema {
  const responses: Record<string, Schema> = {};
  for (const [status, { description, schema }] of Object.entries(spec.success)) {
    responses[status] = schema ? { description, content: jsonContent(schema) } : { description };
  }
  for (const [status, codes] of errorCodesOf(method, spec)) {
    const shared = sharedResponseName(status, codes);
    responses[String(status)] = shared ? { $ref: `#/components/responses/${shared}` } : errorResponse(status, codes, spec.messages ?? {});
  }
  const parameters = [
    ...Object.entries(spec.pathParams ?? {}).map(([name, p]) => ({
      name,
      in: 'path',
      required: true,
      description: p.description,
      schema: p.schema,
    })),
    ...Object.entries(spec.query ?? {}).map(([name, p]) => ({
      name,
      in: 'query',
      required: false,
      description: p.description,
      schema: p.schema,
    })),
  ];
  const permission = spec.permission ? ` Permission: ${spec.permission}.` : '';
  return {
    operationId: spec.id,
    summary: spec.summary,
    description: `${spec.description}\n\n${AUTH_TEXT[spec.auth]}${permission}`,
    tags: [spec.tag],
    ...(spec.deprecated ? { deprecated: true } : {}),
    security: SECURITY[spec.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body ? { requestBody: { required: false, content: jsonContent(spec.body) } } : {}),
    ...(spec.multipartBody ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: spec.multipartBody } } } } : {}),
    responses,
    'x-feedbackd-auth': spec.auth,
    ...(spec.permission ? { 'x-feedbackd-permission': spec.permission } : {}),
  };
}

const SECURITY: Record<Auth, Schema[]> = {
  none: [],
  optional: [{}, { bearerAuth: [] }],
  required: [{ bearerAuth: [] }],
};

function jsonContent(schema: Schema): Schema {
  return { 'application/json': { schema } };
}

/** Error answers that many routes give alike, described once in `components.responses`. */
const SHARED_RESPONSES: Record<string, [number, AnswerCode[]]> = {
  Unauthorized: [401, AUTH_ERRORS[401]!],
  PayloadTooLarge: [413, BODY_ERRORS[413]!],
  UnsupportedMediaType: [415, BODY_ERRORS[415]!],
  RateLimited: [429, ['RATE_LIMITED']],
  ServerError: [500, ['SERVER_ERROR']],
  StorageUnavailable: [503, ['STORAGE_UNAVAILABLE']],
};

function sharedResponseName(status: number, codes: AnswerCode[]): string | undefined {
  return Object.entries(SHARED_RESPONSES).find(([, [shared, sharedCodes]]) => shared === status && sharedCodes.join() === codes.join())?.[0];
}

/** `components.responses` of the document. */
export function sharedResponses(): Record<string, Schema> {
  return Object.fromEntries(Object.entries(SHARED_RESPONSES).map(([name, [status, codes]]) => [name, errorResponse(status, codes, {})]));
}

function errorResponse(status: number, codes: ErrorCode[], messages: Partial<Record<ErrorCode, string>>): Schema {
  const lines = codes.map((code) => `\`${code}\`: ${messages[code] ?? errorMessage(code)}`);
  for (const code of codes) {
    if (code !== 'INVALID_TOKEN' && errorStatus(code) !== status) throw new Error(`${code} is ${errorStatus(code)}, listed under ${status}`);
  }
  const schema: Schema = {
    allOf: [ref('Error'), { properties: { code: { enum: codes } } }],
  };
  return {
    description: lines.join('\n\n'),
    ...(status === 429
      ? {
          headers: {
            'Retry-After': {
              description: 'Whole seconds to wait, at least 1.',
              schema: { type: 'integer', minimum: 1 },
            },
          },
        }
      : {}),
    content: jsonContent(schema),
  };
}
