/*
 * Renders the human-readable API reference (src/openapi/reference.md) from the OpenAPI document:
 * the hand-written conventions first, then every operation by tag, every shape, every error code.
 * Generated, so it cannot leave a route or a code out; test/http/openapi-reference.test.ts checks
 * that the committed file is what this renders (`npm run api-docs` writes it).
 */
import { readFileSync } from 'node:fs';
import { ANSWER_CODES, errorMessage, errorStatus } from '../../src/errors.js';
import type { Schema } from '../../src/openapi/kit.js';
import { TOKEN_MESSAGES } from '../../src/services/mail-tokens.js';

const CONVENTIONS = new URL('../../src/openapi/conventions.md', import.meta.url);
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  deprecated?: boolean;
  'x-feedbackd-auth': string;
  parameters?: Array<{ name: string; in: string; description: string; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}

type Document = Schema & {
  info: { version: string };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Operation['responses'][string]> };
};

/** The whole reference, as Markdown. */
export function renderReference(document: Schema): string {
  const doc = document as Document;
  const parts = [readFileSync(CONVENTIONS, 'utf8').trimEnd(), renderIndex(doc)];
  for (const tag of doc.tags) parts.push(renderTag(doc, tag));
  parts.push(renderShapes(doc), renderCodes());
  return `${parts.join('\n\n')}\n`;
}

function operationsOf(doc: Document, tag?: string): Array<[string, string, Operation]> {
  const found: Array<[string, string, Operation]> = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of METHOD_ORDER) {
      const operation = methods[method];
      if (operation && (tag === undefined || operation.tags[0] === tag)) found.push([method, path, operation]);
    }
  }
  return found;
}

function anchorOf(method: string, path: string): string {
  return `${method}-${path}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function renderIndex(doc: Document): string {
  const rows = operationsOf(doc).map(([method, path, op]) => {
    return `| [\`${method.toUpperCase()} ${path}\`](#${anchorOf(method, path)}) | ${op.summary}${op.deprecated ? ' (deprecated)' : ''} | ${op['x-feedbackd-auth']} | ${successStatuses(op)} |`;
  });
  return ['## Routes', '', `Every path is under \`/api/v1\`. ${rows.length} routes.`, '', '| Route | What it does | Auth | Success |', '|---|---|---|---|', ...rows].join('\n');
}

function successStatuses(op: Operation): string {
  return Object.keys(op.responses)
    .filter((status) => Number(status) < 400)
    .join(', ');
}

function renderTag(doc: Document, tag: { name: string; description: string }): string {
  const sections = operationsOf(doc, tag.name).map(([method, path, op]) => renderOperation(method, path, withSharedResponses(doc, op)));
  return [`## ${tag.name}`, tag.description, ...sections].join('\n\n');
}

/** The operation with each `$ref` to `components.responses` replaced by the response it names. */
function withSharedResponses(doc: Document, op: Operation): Operation {
  const responses = Object.fromEntries(
    Object.entries(op.responses).map(([status, response]) => {
      const name = (response as { $ref?: string }).$ref?.split('/').pop();
      return [status, name ? doc.components.responses[name]! : response];
    }),
  );
  return { ...op, responses };
}

function renderOperation(method: string, path: string, op: Operation): string {
  const lines = [`<a id="${anchorOf(method, path)}"></a>`, `### \`${method.toUpperCase()} ${path}\` — ${op.summary}`, ''];
  if (op.deprecated) lines.push('**Deprecated.**', '');
  lines.push(op.description, '');
  const parameters = op.parameters ?? [];
  if (parameters.length > 0) {
    lines.push('| Parameter | In | Type | Description |', '|---|---|---|---|');
    for (const p of parameters) lines.push(`| \`${p.name}\` | ${p.in} | ${typeOf(p.schema)} | ${cell(p.description)} |`);
    lines.push('');
  }
  const body = op.requestBody?.content['application/json']?.schema;
  if (body) lines.push(...renderFields('Body field', body), '');
  lines.push('| Status | Answer |', '|---|---|');
  for (const [status, response] of Object.entries(op.responses)) lines.push(`| ${status} | ${cell(answerText(response))} |`);
  return lines.join('\n');
}

function answerText(response: Operation['responses'][string]): string {
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return response.description;
  const codes = (schema.allOf as Schema[] | undefined)?.[1] as { properties?: { code?: { enum?: string[] } } } | undefined;
  if (codes?.properties?.code?.enum) return response.description;
  return `${response.description} Body: ${typeOf(schema)}.`;
}

function renderFields(heading: string, schema: Schema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const rows = Object.entries(properties).map(
    ([name, field]) => `| \`${name}\` | ${typeOf(field)} | ${required.has(name) ? 'yes' : 'no'} | ${cell(describe(field))} |`,
  );
  return [`| ${heading} | Type | Required | Rules |`, '|---|---|---|---|', ...rows];
}

/** An answer's fields: every one is always present, so no "required" column. */
function renderShapeFields(schema: Schema): string[] {
  const rows = Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([name, field]) => `| \`${name}\` | ${typeOf(field)} | ${cell(describe(field))} |`);
  return ['| Field | Type | Notes |', '|---|---|---|', ...rows];
}

/** A schema's type as a reader says it: `string (uuid)`, `Post[]`, `string\|null`, `{ post: PostDetail }`. */
export function typeOf(schema: Schema | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() ?? '';
    // The shape's own heading (`### Post` under "Shapes"), as GitHub and npm anchor it.
    return `[${name}](#${name.toLowerCase()})`;
  }
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(typeOf).join(' \\| ');
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Schema[]).map(typeOf).join(' \\| ');
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  return types
    .map((type) => {
      if (type === 'array') return `${typeOf(schema.items as Schema)}[]`;
      if (type === 'object' && schema.properties) {
        const keys = Object.entries(schema.properties as Record<string, Schema>).map(([key, value]) => `${key}: ${typeOf(value)}`);
        return `{ ${keys.join(', ')} }`;
      }
      if (type === 'string' && schema.format) return `string (${schema.format as string})`;
      return type ?? 'any';
    })
    .join(' \\| ');
}

function describe(field: Schema): string {
  const rules: string[] = [];
  if (typeof field.description === 'string') rules.push(sentence(field.description));
  if (Array.isArray(field.enum)) rules.push(`One of ${(field.enum as unknown[]).map((v) => `\`${String(v)}\``).join(', ')}.`);
  if (field.minLength !== undefined || field.maxLength !== undefined) rules.push(`${field.minLength ?? 0}..${field.maxLength ?? '∞'} characters.`);
  if (field.minimum !== undefined || field.maximum !== undefined) rules.push(`${field.minimum ?? '−∞'}..${field.maximum ?? '∞'}.`);
  if (field.maxItems !== undefined) rules.push(`At most ${field.maxItems as number} items.`);
  if (field.default !== undefined) rules.push(`Default \`${JSON.stringify(field.default)}\`.`);
  return rules.join(' ');
}

function sentence(text: string): string {
  return /[.!?)`]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

function renderShapes(doc: Document): string {
  const sections = Object.entries(doc.components.schemas).map(([name, schema]) => {
    const lines = [`### ${name}`, ''];
    if (typeof schema.description === 'string') lines.push(schema.description, '');
    if (schema.properties) lines.push(...renderShapeFields(schema));
    else lines.push(`${typeOf(schema)}${Array.isArray(schema.enum) ? `: ${(schema.enum as string[]).map((v) => `\`${v}\``).join(', ')}` : ''}`);
    return lines.join('\n');
  });
  return ['## Shapes', 'Every key listed is always present in an answer (`null` when it has no value); clients must ignore keys they do not know.', ...sections].join('\n\n');
}

function renderCodes(): string {
  const codes = [...ANSWER_CODES].sort();
  const rows = codes.map((code) => `| \`${code}\` | ${errorStatus(code)} | ${cell(errorMessage(code))} |`);
  // The one code with two statuses: access tokens (401, above) and mail tokens (400).
  const mailTokens = Object.values(TOKEN_MESSAGES).map((text) => text.invalid).join(' / ');
  rows.splice(rows.findIndex((row) => row.startsWith('| `INVALID_TOKEN`')) + 1, 0, `| \`INVALID_TOKEN\` | 400 | ${mailTokens} |`);
  return ['## Error codes', '', 'Every code an answer can carry, with its status and exact message. A route’s own table above says which it can give.', '', '| Code | Status | Message |', '|---|---|---|', ...rows].join('\n');
}

/** Markdown table cells: no raw pipes or line breaks. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n+/g, '<br>');
}
