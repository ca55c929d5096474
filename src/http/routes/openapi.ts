import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type Router from '@koa/router';
import { openApiDocument } from '../../openapi/document.js';
import { preferredEncoding } from '../compression.js';

interface Variant {
  body: Buffer;
  etag: string;
}

/** The document in each encoding, built once per process: it only changes with the package. */
let variants: Record<'identity' | 'br' | 'gzip', Variant> | undefined;

function documentVariants(): NonNullable<typeof variants> {
  if (!variants) {
    const identity = Buffer.from(JSON.stringify(openApiDocument()));
    const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    variants = {
      identity: { body: identity, etag: `"${tag}"` },
      // ~170 KB of JSON compresses about tenfold; a strong ETag per encoding, as for the web app's files.
      br: { body: brotliCompressSync(identity), etag: `"${tag}-br"` },
      gzip: { body: gzipSync(identity, { level: 9 }), etag: `"${tag}-gz"` },
    };
  }
  return variants;
}

/**
 * RFC 9110's weak comparison of If-None-Match with our ETag. Not Koa's `fresh`: it answers 200 to a
 * request that also says `Cache-Control: no-cache`, and fetch() adds that to every request that
 * carries its own If-None-Match.
 */
function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === '') return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

/** API.md §8.5: the OpenAPI document, revalidated by clients (no-cache + ETag; 304 when it matches). */
export function registerOpenApiRoutes(router: Router): void {
  router.get('/openapi.json', (ctx) => {
    const encoding = preferredEncoding(ctx) ?? 'identity';
    const { body, etag } = documentVariants()[encoding];
    ctx.status = 200;
    // The one exception to §1.3's no-store: the document is the same for everyone until an upgrade.
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', etag);
    ctx.vary('Accept-Encoding');
    if (matchesEtag(ctx.get('If-None-Match'), etag)) {
      ctx.status = 304;
      return;
    }
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = body;
  });
}
