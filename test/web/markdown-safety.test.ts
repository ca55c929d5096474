import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { HOSTILE_PAYLOADS, URL_ATTRIBUTES, XSS_FLAG } from './_hostile-markdown.js';
import { expectNoProblems, openPage, test, useWebServer } from './_browser.js';
import { seedPost } from './_seed.js';

useWebServer();

const MARKDOWN_MODULE = fileURLToPath(new URL('../../src/web/markdown.ts', import.meta.url));

/** The app's own renderer (src/web/markdown.ts), bundled as a script that sets `window.renderMarkdown`. */
async function rendererScript(): Promise<string> {
  const result = await build({
    stdin: { contents: `import { renderMarkdown } from ${JSON.stringify(MARKDOWN_MODULE)}; window.renderMarkdown = renderMarkdown;`, resolveDir: join(MARKDOWN_MODULE, '..'), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Everything in the rendered HTML that could run script: forbidden elements, `on*` attributes, script-like URLs. */
function dangerIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    ({ selector, urlAttributes }) => {
      const found: string[] = [];
      const forbidden = ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'STYLE', 'FORM', 'BASE', 'META', 'LINK', 'INPUT', 'BUTTON'];
      for (const root of Array.from(document.querySelectorAll(selector))) {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          if (forbidden.includes(el.tagName.toUpperCase())) found.push(`<${el.tagName.toLowerCase()}>`);
          for (const attr of Array.from(el.attributes)) {
            const name = attr.name.toLowerCase();
            if (name.startsWith('on') || name === 'style') found.push(`${el.tagName.toLowerCase()}[${name}]`);
            // Browsers ignore whitespace and control characters inside a scheme, so compare without them.
            const value = [...attr.value].filter((c) => c.charCodeAt(0) > 32).join('').toLowerCase();
            if (urlAttributes.includes(name) && /^(javascript|data|vbscript):/.test(value)) found.push(`${el.tagName.toLowerCase()}[${name}=${attr.value}]`);
          }
        }
      }
      return found;
    },
    { selector, urlAttributes: URL_ATTRIBUTES },
  );
}

test.serial('every hostile payload renders to HTML that cannot run script, even on a page without a CSP', async (t) => {
  const script = await rendererScript();
  // A blank page with no Content-Security-Policy: only the sanitiser stands between a payload and execution.
  const context = await t.context.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('about:blank');
    await page.evaluate(script);
    for (const [i, payload] of HOSTILE_PAYLOADS.entries()) {
      const started = Date.now();
      await page.evaluate(
        ({ payload, i }) => {
          const box = document.createElement('div');
          box.className = 'rendered';
          box.dataset.payload = String(i);
          box.innerHTML = (window as unknown as { renderMarkdown(s: string): string }).renderMarkdown(payload);
          document.body.append(box);
        },
        { payload, i },
      );
      t.true(Date.now() - started < 2_000, `payload ${i} took ${Date.now() - started} ms to render`);
    }
    // Error and load events of broken images and media fire asynchronously.
    await page.waitForTimeout(300);
    t.deepEqual(await dangerIn(page, '.rendered'), []);
    t.is(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], XSS_FLAG), undefined);
    const ordinary = await page.evaluate(() =>
      (window as unknown as { renderMarkdown(s: string): string }).renderMarkdown('**bold** [link](https://example.org) `code`'),
    );
    t.is(ordinary.trim(), '<p><strong>bold</strong> <a href="https://example.org" rel="nofollow noopener noreferrer ugc">link</a> <code>code</code></p>');
    // The page's title is its only h1: Markdown headings start at h2.
    const heading = await page.evaluate(() => (window as unknown as { renderMarkdown(s: string): string }).renderMarkdown('# Title\n\n###### Deep'));
    t.is(heading.trim(), '<h2>Title</h2>\n<h6>Deep</h6>');
  } finally {
    await context.close();
  }
});

test.serial('the post page renders hostile Markdown harmlessly, under its CSP', async (t) => {
  const web = t.context.web;
  const content = [
    '**marker**',
    `<img src=x onerror="window.${XSS_FLAG}=1">`,
    `[click me](javascript:window.${XSS_FLAG}=2)`,
    `<svg onload="window.${XSS_FLAG}=3"></svg>`,
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  ].join('\n\n');
  const post = await seedPost(web, { title: 'Hostile content', content });
  const page = await openPage(t, `/p/${post.slug}`);
  await page.locator('.markdown strong', { hasText: 'marker' }).waitFor();
  await page.getByText('click me').click();
  await page.waitForTimeout(200);
  t.deepEqual(await dangerIn(page, '.markdown'), []);
  t.is(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], XSS_FLAG), undefined);
  await expectNoProblems(t, page);
});
