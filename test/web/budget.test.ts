// The size budget of a first visit to a board page, on the real build (`npm run build:web`): the
// HTML, the icon, the stylesheet, the entry script and every chunk it imports statically, brotli-
// compressed as served. Lazy chunks (other pages, the Markdown renderer) load later and do not count.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';

const WEB = fileURLToPath(new URL('../../dist/web/', import.meta.url));
const BUDGET = 100 * 1024;

/** Bytes sent for a file: its `.br` copy when the build made one (it does where that is smaller). */
function servedSize(path: string): number {
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
}

/** URL paths in index.html's `<script src>` and `<link href>` (stylesheet, modulepreload, icon). */
function namedAssets(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1] ?? []);
}

/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`, but not `import("./x.js")`. */
function staticImports(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+)"/g)].map((match) => match[1]!.slice(2));
}

/** The scripts index.html names and every chunk they import statically, as URL paths. */
function firstLoadScripts(html: string): Set<string> {
  const pending = namedAssets(html).filter((path) => path.endsWith('.js'));
  const seen = new Set<string>();
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const dir = path.slice(0, path.lastIndexOf('/') + 1);
    for (const name of staticImports(readFileSync(join(WEB, path), 'utf8'))) pending.push(dir + name);
  }
  return seen;
}

const built = existsSync(join(WEB, 'index.html'));

(built ? test : test.skip)('every asset index.html names exists in dist/web', (t) => {
  const assets = namedAssets(readFileSync(join(WEB, 'index.html'), 'utf8'));
  t.true(assets.length >= 3, 'an icon, a stylesheet and a script at least');
  for (const path of assets) t.true(existsSync(join(WEB, path)), `${path} is missing`);
});

/** The first load of a page (`/index.html`, or a language's `/index.<locale>.html`) and its files' sizes. */
function firstLoad(page: string): { total: number; sizes: Array<{ path: string; bytes: number }>; html: string } {
  const html = readFileSync(join(WEB, page), 'utf8');
  const files = new Set([page, ...namedAssets(html).filter((path) => !path.endsWith('.js')), ...firstLoadScripts(html)]);
  const sizes = [...files].map((path) => ({ path, bytes: servedSize(join(WEB, path)) }));
  return { total: sizes.reduce((sum, { bytes }) => sum + bytes, 0), sizes, html };
}

(built ? test : test.skip)('a first visit to a board page loads at most 100 KB (brotli)', (t) => {
  const { total, sizes, html } = firstLoad('/index.html');
  t.log(`first load: ${total.toLocaleString('en')} bytes brotli in ${sizes.length} files (budget ${BUDGET.toLocaleString('en')})`);
  const notPreloaded = [...firstLoadScripts(html)].filter((path) => !namedAssets(html).includes(path));
  if (notPreloaded.length > 0) t.log(`imported but not preloaded (a request waterfall): ${notPreloaded.join(', ')}`);
  t.true(total <= BUDGET, sizes.map(({ path, bytes }) => `${path} ${bytes}`).join('\n'));
});

// Issue 33: a page in any language loads its own words and no other language's, within the budget + 4 KB.
(built ? test : test.skip)('in every language, the first visit loads only that language’s words, within the budget + 4 KB', (t) => {
  const pages = readdirSync(WEB).filter((name) => /^index\.[A-Za-z-]+\.html$/.test(name));
  t.is(pages.length, 13, 'one page per language besides English');
  let largest = { page: '', total: 0 };
  for (const page of pages) {
    const { total, sizes } = firstLoad(`/${page}`);
    const locale = page.slice('index.'.length, -'.html'.length);
    const catalogues = sizes.filter(({ path }) => /\/messages-/.test(path)).map(({ path }) => path);
    t.is(catalogues.length, 1, page);
    t.true(catalogues[0]!.includes(`/messages-${locale}-`), `${page} loads ${catalogues.join(', ')}`);
    t.true(total <= BUDGET + 4 * 1024, `${page}: ${total} bytes`);
    if (total > largest.total) largest = { page, total };
  }
  t.log(`largest first load: ${largest.page}, ${largest.total.toLocaleString('en')} bytes brotli`);
});

const WIDGET_BUDGET = 6 * 1024;

(built ? test : test.skip)('the widget loader (widget.js) is at most 6 KB (brotli), a classic script with no import', (t) => {
  const path = join(WEB, 'widget.js');
  const bytes = servedSize(path);
  t.log(`widget.js: ${bytes.toLocaleString('en')} bytes brotli (budget ${WIDGET_BUDGET.toLocaleString('en')})`);
  t.true(bytes <= WIDGET_BUDGET);
  t.deepEqual(staticImports(readFileSync(path, 'utf8')), [], 'one file, nothing else to fetch');
});
