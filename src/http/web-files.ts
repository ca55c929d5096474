import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The built web app: `dist/web/` of the package, from `src/http/` (tsx) and `dist/http/` (built) alike. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web/', import.meta.url));

/** The URL path of the app's HTML page, also the answer for every path that is not a file. */
export const INDEX_PATH = '/index.html';

/** One encoding of a file, with the strong ETag of exactly these bytes. */
export interface Encoded {
  body: Buffer;
  etag: string;
}

/** A file of the web app held in memory, with its precompressed variants when the build made them. */
export interface WebFile extends Encoded {
  gzip?: Encoded;
  brotli?: Encoded;
  /** The Content-Type, with `charset=utf-8` for text. */
  type: string;
  /** Content-hashed names under `/assets/` never change, so caches may keep them for good. */
  immutable: boolean;
}

/** URL path (`/index.html`, `/assets/app-3F2A.js`) → file. */
export type WebFiles = ReadonlyMap<string, WebFile>;

const TEXT = '; charset=utf-8';

/** Content types of what a web build emits; anything else is served as opaque bytes. */
const TYPES: Record<string, string> = {
  '.html': `text/html${TEXT}`,
  '.js': `text/javascript${TEXT}`,
  '.mjs': `text/javascript${TEXT}`,
  '.css': `text/css${TEXT}`,
  '.svg': `image/svg+xml${TEXT}`,
  '.json': `application/json${TEXT}`,
  '.map': `application/json${TEXT}`,
  '.webmanifest': `application/manifest+json${TEXT}`,
  '.txt': `text/plain${TEXT}`,
  '.xml': `application/xml${TEXT}`,
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** Precompressed siblings: variants of another file, never paths of their own. */
const VARIANT_SUFFIXES = ['.gz', '.br'];

const loaded = new Map<string, WebFiles>();

/**
 * The web app under `dir`, read once per directory and kept in memory, so no request ever touches
 * the file system (no path traversal to guard against). A missing directory gives an empty map and
 * is not remembered, so a build made later in the same process is picked up by the next app.
 */
export function loadWebFiles(dir: string): WebFiles {
  const root = resolve(dir);
  const cached = loaded.get(root);
  if (cached) return cached;
  if (!existsSync(root)) return new Map();
  const files = readWebFiles(root);
  loaded.set(root, files);
  return files;
}

function readWebFiles(root: string): WebFiles {
  const files = new Map<string, WebFile>();
  const paths = listFiles(root, '');
  const present = new Set(paths);
  for (const path of paths) {
    if (VARIANT_SUFFIXES.includes(extname(path))) continue;
    files.set(path, readWebFile(root, path, present));
  }
  return files;
}

/** URL paths of the regular files under `dir`; dotfiles and symbolic links are left out. */
function listFiles(dir: string, prefix: string): string[] {
  const paths: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) paths.push(...listFiles(join(dir, entry.name), path));
    else if (entry.isFile()) paths.push(path);
  }
  return paths;
}

function readWebFile(root: string, path: string, present: ReadonlySet<string>): WebFile {
  const read = (urlPath: string) => encoded(readFileSync(join(root, ...urlPath.split('/'))));
  const file: WebFile = {
    ...read(path),
    type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    immutable: path.startsWith('/assets/'),
  };
  if (present.has(`${path}.gz`)) file.gzip = read(`${path}.gz`);
  if (present.has(`${path}.br`)) file.brotli = read(`${path}.br`);
  return file;
}

function encoded(body: Buffer): Encoded {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/** The `<meta>` that tells the web app the path it lives under (src/web/base.ts reads it). */
export const BASE_META = 'feedbackd-base';

/**
 * The web app under a sub-path (issue 33 §2): its HTML pages name `/assets/…` from the host's root,
 * so each page gets the prefix on its root-relative `href`/`src` and a `<meta>` naming it for the
 * app's own URLs. Done once per app, beside the build's files; other files are shared unchanged
 * (their URLs are relative, or made at run time by the app).
 */
export function webFilesUnder(files: WebFiles, base: string): WebFiles {
  if (base === '') return files;
  const rebased = new Map(files);
  for (const [path, file] of files) {
    if (!file.type.startsWith('text/html')) continue;
    const text = file.body
      .toString('utf8')
      .replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${base}/`)
      .replace('</head>', `  <meta name="${BASE_META}" content="${escapeAttribute(base)}" />\n  </head>`);
    rebased.set(path, compressedLikeBuild(Buffer.from(text), file));
  }
  return rebased;
}

/** The page's bytes with the same encodings the build made for the original. */
function compressedLikeBuild(body: Buffer, original: WebFile): WebFile {
  const file: WebFile = { ...encoded(body), type: original.type, immutable: original.immutable };
  if (original.gzip) file.gzip = encoded(gzipSync(body, { level: 9 }));
  if (original.brotli) file.brotli = encoded(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  return file;
}

const escapeAttribute = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
