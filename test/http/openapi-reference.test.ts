// The committed OpenAPI document and reference are the ones the source makes, and the reference
// names every route and every error code (issue 16: the reference ships with the package).
import { readFileSync } from 'node:fs';
import test from 'ava';
import { ANSWER_CODES } from '../../src/errors.js';
import { openApiDocument } from '../../src/openapi/document.js';
import { apiDocs, DOCUMENT_FILE, REFERENCE_FILE } from '../tools/api-docs.js';

const STALE = 'stale: run `npm run api-docs` and commit the result';

test('src/openapi/openapi.json and reference.md are what the document renders', (t) => {
  const { document, reference } = apiDocs();
  t.is(readFileSync(DOCUMENT_FILE, 'utf8'), document, STALE);
  t.is(readFileSync(REFERENCE_FILE, 'utf8'), reference, STALE);
});

test('the reference has a section for every route and a row for every error code', (t) => {
  const reference = readFileSync(REFERENCE_FILE, 'utf8');
  for (const [path, operations] of Object.entries(openApiDocument().paths as Record<string, object>)) {
    for (const method of Object.keys(operations)) t.true(reference.includes(`### \`${method.toUpperCase()} ${path}\``), `${method} ${path}`);
  }
  for (const code of ANSWER_CODES) t.true(reference.includes(`| \`${code}\` |`), code);
});

test('the reference links nowhere outside the package', (t) => {
  const reference = readFileSync(REFERENCE_FILE, 'utf8');
  const links = [...reference.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]!);
  t.deepEqual(links.filter((link) => !link.startsWith('#')), []);
  // Every in-page link lands: on an explicit anchor, or on a heading as GitHub and npm slug it.
  const anchors = new Set([
    ...[...reference.matchAll(/<a id="([^"]+)">/g)].map((match) => match[1]!),
    ...[...reference.matchAll(/^#+ (.+)$/gm)].map((match) => match[1]!.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')),
  ]);
  t.deepEqual(links.filter((link) => link.startsWith('#') && !anchors.has(link.slice(1))), []);
  t.false(reference.includes('API.md'.replace('API', '../shared/API')));
});
