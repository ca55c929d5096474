// Part of `npm run build`: TypeScript declarations of the API for `import type … from 'feedbackd/api'`,
// generated from the OpenAPI document (openapi-typescript), plus one alias per shape (`Post`, `Board`…).
import { mkdirSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../../src/openapi/document.js';

const OUT = new URL('../../dist/api/', import.meta.url);

const document = openApiDocument();
const generated = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
const shapes = Object.keys((document.components as { schemas: object }).schemas);
const aliases = shapes.map((name) => `export type ${name} = components['schemas']['${name}'];`).join('\n');
const header = `/** The feedbackd API (version ${document.info && (document.info as { version: string }).version}), generated from its OpenAPI document. */\n`;
mkdirSync(OUT, { recursive: true });
writeFileSync(new URL('index.d.ts', OUT), `${header}${generated}\n/** The shapes of the API by name. */\n${aliases}\n`);
// Types only: the entry point exists so that bundlers and `import type` resolve it.
writeFileSync(new URL('index.js', OUT), 'export {};\n');
