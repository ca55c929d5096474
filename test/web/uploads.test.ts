// Images in the editors (issue 31 §3), in Chromium: a PNG pasted into the new-post description and
// one dropped on the comment box are uploaded, their Markdown goes in at the cursor, and the posted
// idea and comment show them (from /uploads/, with their size, linking to the full picture); an
// image from elsewhere stays a link (Gravatar's show); "Add image" is there by name; axe finds nothing.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { PostDetail } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.ts';
import { callApi, type Member, member, seedBoard } from './_seed.ts';

useWebServer();

let poster: Member;

const GRAVATAR = 'https://www.gravatar.com/avatar/0123456789abcdef0123456789abcdef?s=64&d=identicon';

test.serial.before(async (t) => {
  poster = await member(t.context.web, { name: 'Grace Hopper' });
});

/** A small PNG, in base64 for the page. */
async function pngBase64(width: number, height: number, background: string): Promise<string> {
  return (await sharp({ create: { width, height, channels: 3, background } }).png().toBuffer()).toString('base64');
}

/** Dispatches a paste (ClipboardEvent) or a drop (DragEvent) carrying the image as a File on the element. */
async function hand(page: Page, selector: string, kind: 'paste' | 'drop', base64: string, name: string): Promise<void> {
  await page.evaluate(
    ({ selector, kind, base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      const target = document.querySelector(selector)!;
      const event =
        kind === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      target.dispatchEvent(event);
    },
    { selector, kind, base64, name },
  );
}

test.serial('a pasted image goes into a new idea and a dropped one into a comment; both show from /uploads/ with their size', async (t) => {
  const { web } = t.context;
  await seedBoard(web, { name: 'Pictures', url: 'pictures' });
  const page = await openPage(t, '/new?board=pictures', { as: poster });
  await page.getByLabel('Title').fill('A screenshot of the bug');
  const description = page.getByLabel('Description');
  await description.fill('Look here: ');
  await page.getByRole('button', { name: 'Add image' }).waitFor();
  await hand(page, '#new-post-content', 'paste', await pngBase64(64, 48, '#3366cc'), 'screenshot.png');
  await page.getByText('Image added.').waitFor();
  const text = await description.inputValue();
  t.regex(text, /^Look here: \n!\[image\]\(\/uploads\/[0-9a-f]{64}\?w=64&h=48\)\n$/);
  await expectAccessible(t, page);

  await page.getByRole('button', { name: 'Post idea' }).click();
  await page.waitForURL(/\/p\/a-screenshot-of-the-bug-/);
  const picture = page.locator('main .markdown a > img').first();
  await picture.waitFor();
  const src = (await picture.getAttribute('src')) ?? '';
  t.regex(src, /^\/uploads\/[0-9a-f]{64}$/);
  t.is(await picture.getAttribute('width'), '64');
  t.is(await picture.getAttribute('height'), '48');
  t.is(await page.locator('main .markdown a:has(> img)').first().getAttribute('href'), src, 'a click opens it full size');
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('main .markdown img');
    return img?.complete && img.naturalWidth === 64;
  });

  await page.getByLabel('Comment', { exact: true }).fill('Same here');
  await hand(page, '#comment-new', 'drop', await pngBase64(30, 20, '#cc6633'), 'mine.png');
  await page.getByText('Image added.').waitFor();
  t.regex(await page.getByLabel('Comment', { exact: true }).inputValue(), /^Same here\n!\[image\]\(\/uploads\/[0-9a-f]{64}\?w=30&h=20\)\n$/);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const commentPicture = page.locator('.timeline .markdown img[width="30"]');
  await commentPicture.waitFor();
  await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.timeline .markdown img[width="30"]')?.naturalWidth === 30);

  const slug = new URL(page.url()).pathname.slice('/p/'.length);
  const post = (await callApi<{ post: PostDetail }>(web, 'POST', '/posts/slug', { slug }, poster)).post;
  t.true(post.contentMarkdown?.includes(src));
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('an image from another server is a plain link, never loaded (Gravatar’s show); a refused file says why in words', async (t) => {
  const { web } = t.context;
  const board = await seedBoard(web, { name: 'Elsewhere', url: 'elsewhere' });
  const created = await callApi<{ post: { slug: string } }>(
    web,
    'POST',
    '/posts',
    { title: 'Tracking pixel', contentMarkdown: `![a pixel](https://tracker.example/p.png)\n\n![face](${GRAVATAR})`, boardId: board.boardId },
    poster,
  );
  const page = await openPage(t, `/p/${created.post.slug}`, { as: poster });
  const link = page.locator('main .markdown a', { hasText: 'a pixel' });
  await link.waitFor();
  t.is(await link.getAttribute('href'), 'https://tracker.example/p.png');
  t.deepEqual(await page.locator('main .markdown img').evaluateAll((images) => images.map((img) => img.getAttribute('src'))), [GRAVATAR], 'only Gravatar’s image shows');

  await page.getByLabel('Comment', { exact: true }).fill('');
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['<?php echo 1; ?>'], 'shell.png', { type: 'image/png' }));
    document.querySelector('#comment-new')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await page.getByText('Image not added: Only PNG, JPEG, GIF and WebP images can be uploaded').waitFor();
  t.is(await page.getByLabel('Comment', { exact: true }).inputValue(), '');
  await expectAccessible(t, page);
});
