// `npm run api-docs`: writes the OpenAPI document and the reference rendered from it into
// src/openapi/ (both committed and shipped in the package; a test fails when they are stale).
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../../src/openapi/document.js';
import { renderReference } from './api-reference.js';

export const DOCUMENT_FILE = new URL('../../src/openapi/openapi.json', import.meta.url);
export const REFERENCE_FILE = new URL('../../src/openapi/reference.md', import.meta.url);

/** The two files' contents, as they should be committed. */
export function apiDocs(): { document: string; reference: string } {
  const document = openApiDocument();
  return { document: `${JSON.stringify(document, null, 2)}\n`, reference: renderReference(document) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { document, reference } = apiDocs();
  writeFileSync(DOCUMENT_FILE, document);
  writeFileSync(REFERENCE_FILE, reference);
  console.log('wrote src/openapi/openapi.json and src/openapi/reference.md');
}
