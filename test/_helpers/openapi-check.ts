/*
 * Every answer the HTTP tests receive is checked against the OpenAPI document (issue 16): its status
 * must be documented for the route and its body must match the documented schema (no missing key,
 * no extra key, no wrong type). A mismatch throws, so the test that caused it fails.
 * Schemas compile once per process, on first use of each route and status.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Method, Schema } from '../../src/openapi/kit.js';
import { openApiDocument } from '../../src/openapi/document.js';

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema: Schema }>;
}

type Operations = Partial<Record<Method, { responses: Record<string, ResponseObject> }>>;

const DOCUMENT = openApiDocument();
const PATHS = DOCUMENT.paths as Record<string, Operations>;
const DOCUMENT_ID = 'feedbackd-openapi';
const METHODS = new Set<string>(['get', 'post', 'put', 'patch', 'delete']);

interface Route {
  template: string;
  pattern: RegExp;
  literalSegments: number;
  /** A path parameter is documented as a UUID: it never catches a literal word. */
  takesIds: boolean;
  methods: Operations;
}

const ROUTES: Route[] = Object.entries(PATHS).map(([template, methods]) => ({
  template,
  pattern: patternOf(template),
  literalSegments: template.split('/').filter((segment) => segment !== '' && !segment.startsWith('{')).length,
  takesIds: hasUuidPathParameter(methods),
  methods,
}));

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** API.md §1.1: literal segments case-insensitively, parameters any non-empty segment, one trailing `/`. */
function patternOf(template: string): RegExp {
  const source = template
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

function hasUuidPathParameter(operations: Operations): boolean {
  return Object.values(operations).some((operation) =>
    ((operation as { parameters?: Array<{ in: string; schema?: Schema }> }).parameters ?? []).some((parameter) => parameter.in === 'path' && parameter.schema?.format === 'uuid'),
  );
}

/**
 * The documented routes that can answer a path (API.md §1.1, §1.15.2, §8.7): every template
 * matching it, except that where a literal template matches, one with a UUID parameter cannot
 * (an id is never a literal word). Their methods together make the path's `Allow`.
 */
export function documentedRoutesFor(pathname: string): Array<{ template: string; methods: Method[] }> {
  const matching = ROUTES.filter((route) => route.pattern.test(pathname));
  const literalMatches = matching.some((route) => !route.template.includes('{'));
  return matching
    .filter((route) => !(literalMatches && route.takesIds))
    .map((route) => ({ template: route.template, methods: Object.keys(route.methods).filter((key) => METHODS.has(key)) as Method[] }));
}

/** The documented operation a request reaches: a literal beats a parameter for the methods it defines. */
function documentedRoute(method: string, path: string): { template: string; method: Method } | undefined {
  const lower = (method.toUpperCase() === 'HEAD' ? 'get' : method.toLowerCase()) as Method;
  if (!METHODS.has(lower)) return undefined;
  const pathname = path.split('?')[0] ?? '';
  const answering = new Set(documentedRoutesFor(pathname).map((route) => route.template));
  const candidates = ROUTES.filter((route) => answering.has(route.template) && route.methods[lower] !== undefined);
  candidates.sort((a, b) => b.literalSegments - a.literalSegments);
  const route = candidates[0];
  return route ? { template: route.template, method: lower } : undefined;
}

/** The JSON pointer of a response's body schema, through a `components.responses` $ref if it is one. */
function schemaPointer(template: string, method: Method, status: string): string | undefined {
  const response = PATHS[template]?.[method]?.responses[status];
  if (!response) return undefined;
  if (response.$ref) {
    const name = response.$ref.split('/').pop()!;
    const shared = (DOCUMENT.components as { responses: Record<string, ResponseObject> }).responses[name];
    return shared?.content ? `/components/responses/${name}/content/application~1json/schema` : undefined;
  }
  if (!response.content) return undefined;
  return `/${['paths', template, method, 'responses', status, 'content', 'application/json', 'schema']
    .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
    .join('/')}`;
}

function validatorFor(template: string, method: Method, status: string): ValidateFunction | null {
  const key = `${method} ${template} ${status}`;
  const known = compiled.get(key);
  if (known) return known;
  const pointer = schemaPointer(template, method, status);
  if (!pointer) return null;
  ajv ??= createAjv();
  const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
  compiled.set(key, validate);
  return validate;
}

function createAjv(): Ajv2020 {
  // strict off: the document's own keywords (openapi, paths, x-feedbackd-*) sit around the schemas;
  // the document itself is checked by an OpenAPI validator in test/http/openapi.test.ts.
  const instance = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(instance);
  instance.addSchema({ ...DOCUMENT, $id: DOCUMENT_ID });
  return instance;
}

/**
 * Throws when an answer to a documented route has an undocumented status or a body that does not
 * match its schema. Requests the document does not describe (unknown paths, 405s, OPTIONS, test-only
 * routes) are left to their own tests.
 */
export function checkAgainstDocument(method: string, path: string, status: number, body: unknown, text: string): void {
  const route = documentedRoute(method, path);
  if (!route) return;
  const where = `${method.toUpperCase()} ${path} → ${status}`;
  const responses = PATHS[route.template]![route.method]!.responses;
  if (!responses[String(status)]) throw new Error(`OpenAPI: ${where} is not documented for ${route.method.toUpperCase()} ${route.template} (documented: ${Object.keys(responses).join(', ')}; body ${text.slice(0, 300)})`);
  if (method.toUpperCase() === 'HEAD') return;
  const validate = validatorFor(route.template, route.method, String(status));
  if (!validate) {
    if (text !== '') throw new Error(`OpenAPI: ${where} has a body, documented without one: ${text.slice(0, 300)}`);
    return;
  }
  if (!validate(body)) {
    const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    throw new Error(`OpenAPI: ${where} does not match ${route.method.toUpperCase()} ${route.template}'s schema: ${problems.join('; ')}; body ${text.slice(0, 300)}`);
  }
}
