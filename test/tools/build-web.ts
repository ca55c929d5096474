// Builds the web app (src/web) into dist/web: hashed, minified bundles, the HTML that names them,
// and gzip/brotli copies of every text file so the server never compresses at request time.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { DEFAULT_LOCALE, direction, LOCALES, type Locale } from '../../src/i18n/locales.js';
import { type Catalogue, completeCatalogue } from '../../src/i18n/messages.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = join(root, 'src', 'web');
// FEEDBACKD_WEB_OUT builds elsewhere (tests read it with FEEDBACKD_TEST_WEB_DIR): two builds never share a directory.
const out = process.env.FEEDBACKD_WEB_OUT ? resolve(process.env.FEEDBACKD_WEB_OUT) : join(root, 'dist', 'web');
const assets = join(out, 'assets');

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

async function main(): Promise<void> {
  await rm(out, { recursive: true, force: true });
  await mkdir(assets, { recursive: true });
  const dashboardStylesheet = await buildDashboardStylesheet();
  const catalogues = await buildCatalogues();
  const messageFiles = Object.fromEntries(catalogues.map(({ locale, url }) => [locale, url]));
  const result = await build({
    entryPoints: [join(source, 'main.tsx')],
    // Only the dashboard's lazy chunk holds its stylesheet's URL (src/web/dashboard/stylesheet.ts);
    // the app's entry knows every catalogue's URL, and loads only the page's (src/web/i18n/load.ts).
    define: { __DASHBOARD_STYLESHEET__: JSON.stringify(dashboardStylesheet), __MESSAGE_FILES__: JSON.stringify(messageFiles) },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: ['es2022', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: assets,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  await buildWidgetLoader();
  const icon = await hashedCopy(join(source, 'favicon.svg'));
  const page = await html(result.metafile, icon);
  for (const catalogue of catalogues) await writeFile(join(out, pageName(catalogue.locale)), pageIn(page, catalogue));
  await compressAll(out);
}

/**
 * The dashboard's stylesheet, built on its own: CSS imported by a lazy chunk would join the public
 * site's stylesheet, which every visitor loads. Returns its URL.
 */
async function buildDashboardStylesheet(): Promise<string> {
  const result = await build({
    entryPoints: [join(source, 'styles', 'dashboard.css')],
    bundle: true,
    minify: true,
    outdir: assets,
    entryNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  const [path] = Object.keys(result.metafile.outputs);
  return `/${relative(out, join(root, path!)).split('\\').join('/')}`;
}

/**
 * `widget.js`, the loader a team pastes into its product (issue 29): one classic script at a fixed
 * address (the snippet names it), so it is revalidated on each use rather than cached for good.
 */
async function buildWidgetLoader(): Promise<void> {
  await build({
    entryPoints: [join(source, 'widget', 'loader.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: ['es2022', 'chrome100', 'firefox100', 'safari15'],
    outfile: join(out, 'widget.js'),
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/** The entry's script and stylesheet, and its static imports as modulepreload hints. */
async function html(metafile: Metafile, icon: string): Promise<string> {
  // Lazy pages are entry points too (esbuild splits them out): the app's entry is main.tsx.
  const [entryPath, entry] = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint?.endsWith('src/web/main.tsx'))!;
  const url = (path: string) => `/${relative(out, join(root, path)).split('\\').join('/')}`;
  const preloads = entry.imports.filter((i) => i.kind === 'import-statement').map((i) => `<link rel="modulepreload" href="${url(i.path)}" />`);
  const styles = entry.cssBundle ? `<link rel="stylesheet" href="${url(entry.cssBundle)}" />` : '';
  const scripts = [`<script type="module" src="${url(entryPath)}"></script>`, ...preloads].join('\n    ');
  const template = await readFile(join(source, 'index.html'), 'utf8');
  return template
    .replace('%ICON%', icon)
    .replace('%STYLES%', styles)
    .replace('%SCRIPTS%', scripts);
}

/**
 * One complete catalogue per language (issue 33): the translation over the English source, so a key a
 * translation lacks shows English, never its name; keys English no longer has are dropped.
 */
async function buildCatalogues(): Promise<BuiltCatalogue[]> {
  const { en } = await import('../../src/web/i18n/catalogue/en/index.js');
  const built: BuiltCatalogue[] = [];
  for (const locale of LOCALES) {
    const messages = completeCatalogue(en, locale === 'en' ? {} : await translationOf(locale));
    const body = `export default ${JSON.stringify(messages)};\n`;
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 8).toUpperCase();
    const name = `messages-${locale}-${hash}.js`;
    await writeFile(join(assets, name), body);
    built.push({ locale, url: `/assets/${name}`, messages });
  }
  return built;
}

interface BuiltCatalogue {
  locale: Locale;
  url: string;
  messages: Catalogue;
}

async function translationOf(locale: string): Promise<Partial<Catalogue>> {
  const file = join(source, 'i18n', 'catalogue', locale, 'index.ts');
  if (!existsSync(file)) return {};
  const module = (await import(pathToFileURL(file).href)) as { default: Partial<Catalogue> };
  return module.default;
}

/** `index.html` is English's page; `index.<locale>.html` each other language's (src/http/web-app.ts picks one per request). */
function pageName(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? 'index.html' : `index.${locale}.html`;
}

/**
 * The page in one language: its `lang` and direction, its own description and no-script words, and
 * its catalogue preloaded beside the app's entry.
 */
function pageIn(page: string, { locale, url, messages }: BuiltCatalogue): string {
  const words = (key: string) => escapeHtml(String(messages[key]));
  return page
    .replace('<html lang="en">', `<html lang="${locale}" dir="${direction(locale)}">`)
    .replace('%DESCRIPTION%', words('common.pageDescription'))
    .replace('%NEEDS_JAVASCRIPT%', words('common.needsJavaScript'))
    .replace('</head>', `  <link rel="modulepreload" href="${url}" />\n  </head>`);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Copies a file into assets/ under a content-hashed name; returns its URL. */
async function hashedCopy(file: string): Promise<string> {
  const body = await readFile(file);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 8).toUpperCase();
  const name = `${basename(file, extname(file))}-${hash}${extname(file)}`;
  await writeFile(join(assets, name), body);
  return `/assets/${name}`;
}

/** Writes `.gz` and `.br` beside each text file, where they are smaller. */
async function compressAll(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const file = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(file))) continue;
    const body = await readFile(file);
    const gzip = gzipSync(body, { level: 9 });
    const brotli = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    if (gzip.length < body.length) await writeFile(`${file}.gz`, gzip);
    if (brotli.length < body.length) await writeFile(`${file}.br`, brotli);
  }
}

await main();
