import { answer, operation, type Paths, ref } from '../kit.js';

export const metaPaths: Paths = {
  '/health': {
    get: operation('get', {
      id: 'getHealth',
      summary: 'Health check',
      description: 'Whether the server runs and its storage takes writes; for load balancers and monitors.',
      tag: 'Meta',
      section: '4.1.1',
      auth: 'none',
      success: {
        200: {
          description: 'Running, storage writable.',
          schema: ref('Health'),
        },
      },
      errors: { 503: ['STORAGE_UNAVAILABLE'] },
    }),
  },
  '/license': {
    get: operation('get', {
      id: 'getLicense',
      summary: 'Licence status (LogChimp frontend compatibility)',
      description:
        'Always active with hierarchy 2: every feature is available on a self-hosted board. LogChimp’s web frontend reads it to decide whether to show comments.',
      tag: 'Meta',
      section: '8.4',
      auth: 'none',
      staticAnswer: true,
      success: {
        200: {
          description: 'Every feature available.',
          schema: answer({
            status: { type: 'string', const: 'active' },
            hierarchy: { type: 'integer', const: 2 },
          }),
        },
      },
    }),
  },
  '/openapi.json': {
    get: operation('get', {
      id: 'getOpenApiDocument',
      summary: 'This document',
      description:
        'The OpenAPI 3.1 document of every route. Sent with an `ETag` and `Cache-Control: no-cache`: a request whose `If-None-Match` matches gets 304 with no body.',
      tag: 'Meta',
      section: '8.5',
      auth: 'none',
      staticAnswer: true,
      success: {
        200: {
          description: 'The document.',
          schema: { type: 'object', required: ['openapi', 'info', 'paths'] },
        },
        304: {
          description: 'The document has not changed since the ETag sent in `If-None-Match`.',
        },
      },
    }),
  },
};
